/** @jest-environment @happy-dom/jest-environment */
import { screen } from '@testing-library/react';
import { CATALOGUES } from '../../../locales/catalogues';
import { LANGUAGES, localizePath } from '../../../shared/languages';
import { findRegionWith, renderComponent } from '../../testing/render';
import { Component } from './route';

describe.each(LANGUAGES)('the identification step without a booking, in %s', (lang) => {
  const c = CATALOGUES[lang];

  it('says to select a number first, with the way to the numbers and no form', async () => {
    renderComponent(<Component />, {
      lang,
      path: '/identification',
      url: '/identification?tariff=ready-1',
      loader: () => ({ points: new Promise(() => undefined) }),
    });
    await findRegionWith('alert', c.messages.selectNumberFirst);
    expect(screen.getByRole('link', { name: c.identification.chooseNumber })).toHaveAttribute(
      'href',
      `${localizePath('/numbers', lang)}?tariff=ready-1`,
    );
    expect(screen.queryByRole('button', { name: c.identification.submit })).not.toBeInTheDocument();
  });
});
