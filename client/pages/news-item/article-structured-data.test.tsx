import { renderToStaticMarkup } from 'react-dom/server';
import type { NewsItem } from '../../../shared/api-types';
import { articleStructuredData } from './article-structured-data';
import { JsonLd } from '../../components/JsonLd';

const item: NewsItem = {
  slug: 'x',
  title: 'Title </script><script>alert(1)</script> & more',
  summary: 'Summary <b>',
  publishedAt: '2025-09-01',
  image: { url: '/images/news/x.svg', width: 1200, height: 630 },
  body: 'Body',
};
const context = { url: 'https://oq.example/en/news/x', siteUrl: 'https://oq.example', lang: 'en' as const, brand: 'Oq' };

describe('the Article structured data of a news item', () => {
  it('describes the item with absolute URLs', () => {
    expect(articleStructuredData(item, context)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: item.title,
      description: item.summary,
      image: ['https://oq.example/images/news/x.svg'],
      datePublished: '2025-09-01',
      inLanguage: 'en',
      mainEntityOfPage: { '@type': 'WebPage', '@id': context.url },
      publisher: { '@type': 'Organization', name: 'Oq', logo: { '@type': 'ImageObject', url: 'https://oq.example/favicon.svg' } },
    });
  });

  it('renders as a JSON-LD block that a title can never close', () => {
    const html = renderToStaticMarkup(<JsonLd data={articleStructuredData(item, context)} />);
    expect(html.startsWith('<script type="application/ld+json">')).toBe(true);
    const inner = html.slice('<script type="application/ld+json">'.length, -'</script>'.length);
    expect(inner).not.toContain('<');
    expect(JSON.parse(inner)).toMatchObject({ headline: item.title, description: item.summary });
  });
});
