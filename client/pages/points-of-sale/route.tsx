import { PageIntro } from '../../components/PageIntro';

export function Component() {
  return (
    <div className="container page page--points-of-sale">
      <PageIntro page="pointsOfSale" />
    </div>
  );
}
