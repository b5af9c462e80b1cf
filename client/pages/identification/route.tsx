import { PageIntro } from '../../components/PageIntro';

export function Component() {
  return (
    <div className="container page page--identification">
      <PageIntro page="identification" />
    </div>
  );
}
