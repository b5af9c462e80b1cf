/**
 * Rendering one component for a component test (React Testing Library over happy-dom; a test file opts
 * in with the `@jest-environment @happy-dom/jest-environment` docblock): the site's own texts in a language, inside a data
 * router, so forms with `useFetcher` and `<Form>` submit to the `action` the test gives and links
 * resolve. Query the result by role and label as a person does (`screen.getByRole`,
 * `getByLabelText`); where that cannot find an element, the markup is what needs mending.
 */
import '@testing-library/jest-dom';
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type ActionFunction, type LoaderFunction } from 'react-router';
import { CATALOGUES } from '../../locales/catalogues';
import { localizePath, type Language } from '../../shared/languages';
import { createI18n, providedI18n } from '../framework/i18n';

export interface ComponentOptions {
  lang?: Language;
  /** The route's path without the language prefix (default `/`), and the URL it opens at. */
  path?: string;
  url?: string;
  /** What a form or fetcher of the component submits to. */
  action?: ActionFunction;
  loader?: LoaderFunction;
}

export interface RenderedComponent extends RenderResult {
  user: ReturnType<typeof userEvent.setup>;
}

export function renderComponent(ui: ReactNode, { lang = 'en', path = '/', url, action, loader }: ComponentOptions = {}): RenderedComponent {
  const i18n = providedI18n(createI18n(lang, CATALOGUES[lang]));
  const routePath = localizePath(path, lang);
  const router = createMemoryRouter([{ id: `${lang}:test`, path: routePath, element: ui, action, loader, hydrateFallbackElement: null }], {
    initialEntries: [url ? localizePath(url, lang) : routePath],
  });
  const user = userEvent.setup();
  const result = render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return { ...result, user };
}
