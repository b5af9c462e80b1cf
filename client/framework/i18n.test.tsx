import { renderToString } from 'react-dom/server';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createI18n, providedI18n } from './i18n';

function Greeting() {
  const { t, i18n } = useTranslation();
  return (
    <p lang={i18n.language}>
      {t('common.hello', { name: 'Aziza' })} {t('common.later')}
    </p>
  );
}

describe('the i18next instance given to I18nextProvider', () => {
  it('is one view per instance with no own properties, so react-i18next has nothing to copy per component', () => {
    const instance = createI18n('en', { common: { hello: 'Hello, {{name}}' } });
    const view = providedI18n(instance);
    expect(providedI18n(instance)).toBe(view);
    expect(Object.getOwnPropertyNames(view)).toEqual([]);
    expect(Object.getPrototypeOf(view)).toBe(instance);
  });

  it('translates through the view as through the instance, texts added to the instance later included', () => {
    const instance = createI18n('en', { common: { hello: 'Hello, {{name}}' } });
    instance.addResourceBundle('en', 'translation', { common: { later: 'See you' } }, true, true);
    const html = renderToString(
      <I18nextProvider i18n={providedI18n(instance)}>
        <Greeting />
      </I18nextProvider>,
    );
    expect(html).toBe('<p lang="en">Hello, Aziza<!-- --> <!-- -->See you</p>');
  });
});
