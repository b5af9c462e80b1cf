import { PageIntro } from '../../components/PageIntro';

export function Component() {
  return (
    <div className="container page page--numbers">
      <PageIntro page="numbers" />
    </div>
  );
}
