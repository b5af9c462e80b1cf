import { PageIntro } from '../../components/PageIntro';

export function Component() {
  return (
    <div className="container page page--oq-day">
      <PageIntro page="oqDay" />
    </div>
  );
}
