import { PageIntro } from '../../components/PageIntro';

export function Component() {
  return (
    <div className="container page page--payment">
      <PageIntro page="payment" />
    </div>
  );
}
