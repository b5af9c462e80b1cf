import { useTranslation } from 'react-i18next';
import { PageHead } from '../../components/PageHead';

export function Component() {
  const { t } = useTranslation();
  return (
    <div className="container page page--home">
      <PageHead title={t('pages.home.title')} description={t('pages.home.welcomeDescription')} />
      <section className="hero" aria-labelledby="welcome-title">
        <h1 id="welcome-title">{t('pages.home.welcomeTitle')}</h1>
        <p className="hero__lead">{t('pages.home.welcomeDescription')}</p>
      </section>
    </div>
  );
}
