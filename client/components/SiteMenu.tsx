import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/**
 * The phone header's menu: a `<details>` element, so the button opens and closes the panel with
 * the keyboard, tells screen readers whether it is expanded, and works before and without
 * JavaScript. With JavaScript, Escape closes it (focus back on the button), and so do following
 * a link in it and a tap outside it.
 */
export function SiteMenu({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname, search]);
  useEffect(() => {
    const closeOutside = (event: PointerEvent) => {
      if (menu.current?.open && event.target instanceof Node && !menu.current.contains(event.target)) menu.current.open = false;
    };
    // Escape closes the open menu and gives the focus back to its button.
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !menu.current?.open) return;
      menu.current.open = false;
      menu.current.querySelector('summary')?.focus();
    };
    const details = menu.current;
    document.addEventListener('pointerdown', closeOutside);
    details?.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      details?.removeEventListener('keydown', closeOnEscape);
    };
  }, []);
  return (
    <details className="site-menu" ref={menu}>
      <summary className="site-menu__button">
        <span className="site-menu__icon" aria-hidden="true" />
        {t('siteMenu.button')}
      </summary>
      <div className="site-menu__panel">{children}</div>
    </details>
  );
}
