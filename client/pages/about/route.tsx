import { PageIntro } from '../../components/PageIntro';

export function Component() {
  return (
    <div className="container page page--about">
      <PageIntro page="about" />
    </div>
  );
}
