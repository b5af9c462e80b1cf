/** @jest-environment @happy-dom/jest-environment */
import { screen } from '@testing-library/react';
import { CATALOGUES } from '../../../locales/catalogues';
import { LANGUAGES } from '../../../shared/languages';
import { readyTariff } from '../../testing/purchase-fixtures';
import { renderComponent } from '../../testing/render';
import { TariffCatalogue } from './TariffCatalogue';

const tariff = (id: string, name: string, monthlyPrice: number) => readyTariff({ id, name, monthlyPrice });

const TARIFFS = [tariff('oq-start', 'Oq Start', 29000), tariff('oq-plus', 'Oq Plus', 49000), tariff('oq-max', 'Oq Max', 79000)];
const en = CATALOGUES.en;
const tray = (selected: number) => en.tariffs.compare.tray.replace('{{selected}}', String(selected));

describe('the comparison tray of the tariff catalogue', () => {
  it('is not shown while fewer than two tariffs are ticked', async () => {
    const { user } = renderComponent(<TariffCatalogue tariffs={TARIFFS} />, { path: '/specificTariffs' });
    await user.click(await screen.findByRole('checkbox', { name: `${en.tariffs.compare.toggle} Oq Start` }));
    expect(await screen.findByText(en.tariffs.compare.pickMore)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /\(\d\)/ })).not.toBeInTheDocument();
  });

  it('says “Compare (2)” once a second tariff is ticked, and its button brings the comparison into view with the focus on its heading', async () => {
    const { user } = renderComponent(<TariffCatalogue tariffs={TARIFFS} />, { path: '/specificTariffs' });
    await user.click(await screen.findByRole('checkbox', { name: `${en.tariffs.compare.toggle} Oq Start` }));
    await user.click(screen.getByRole('checkbox', { name: `${en.tariffs.compare.toggle} Oq Plus` }));
    const button = await screen.findByRole('button', { name: tray(2) });
    const comparison = screen.getByRole('region', { name: en.tariffs.compare.title });
    const scrolled = jest.fn();
    comparison.scrollIntoView = scrolled;
    await user.click(button);
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
    expect(screen.getByRole('heading', { name: en.tariffs.compare.title, level: 2 })).toHaveFocus();
  });

  it('counts a third tariff, and is there at once for a comparison the link opens with', async () => {
    const { user } = renderComponent(<TariffCatalogue tariffs={TARIFFS} />, {
      path: '/specificTariffs',
      url: '/specificTariffs?compare=oq-start,oq-plus',
    });
    expect(await screen.findByRole('button', { name: tray(2) })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: `${en.tariffs.compare.toggle} Oq Max` }));
    expect(await screen.findByRole('button', { name: tray(3) })).toBeInTheDocument();
  });

  it.each(LANGUAGES)('is worded in %s', async (lang) => {
    renderComponent(<TariffCatalogue tariffs={TARIFFS} />, {
      lang,
      path: '/specificTariffs',
      url: '/specificTariffs?compare=oq-start,oq-max',
    });
    const text = CATALOGUES[lang].tariffs.compare.tray.replace('{{selected}}', '2');
    expect(text).not.toContain('{{');
    expect(await screen.findByRole('button', { name: text })).toBeInTheDocument();
  });
});
