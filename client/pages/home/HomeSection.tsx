import type { ReactNode } from 'react';
import { Link } from '../../components/Link';

interface HomeSectionProps {
  id: string;
  title: string;
  lead?: string;
  /** The section's "see all" link. */
  more?: { to: string; label: string };
  className?: string;
  children?: ReactNode;
}

/** One band of the home page: heading, optional lead and link, then its content (a StreamedPart when it is the API's). */
export function HomeSection({ id, title, lead, more, className, children }: HomeSectionProps) {
  return (
    <section className={`home-section${className ? ` ${className}` : ''}`} aria-labelledby={`${id}-title`}>
      <div className="home-section__head">
        <div>
          <h2 id={`${id}-title`}>{title}</h2>
          {lead ? <p className="home-section__lead">{lead}</p> : null}
        </div>
        {more ? (
          <Link className="home-section__more" to={more.to}>
            {more.label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
