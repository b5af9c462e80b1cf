import { PageIntro } from '../../components/PageIntro';

export function Component() {
  return (
    <div className="container page page--constructor">
      <PageIntro page="tariffConstructor" />
    </div>
  );
}
