import { PageIntro } from '../../components/PageIntro';

export function Component() {
  return (
    <div className="container page page--specific-tariffs">
      <PageIntro page="specificTariffs" />
    </div>
  );
}
