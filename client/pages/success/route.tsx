import { PageIntro } from '../../components/PageIntro';

export function Component() {
  return (
    <div className="container page page--success">
      <PageIntro page="success" />
    </div>
  );
}
