import { PageIntro } from '../../components/PageIntro';

export function Component() {
  return (
    <div className="container page page--identification-retry">
      <PageIntro page="identificationRetry" />
    </div>
  );
}
