import { PageIntro } from '../../components/PageIntro';

export function Component() {
  return (
    <div className="container page page--news">
      <PageIntro page="news" />
    </div>
  );
}
