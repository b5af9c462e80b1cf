import { z } from 'zod';
import { IsoDate, Int, NoQuery, paged, pageQuery } from './common';

const newsSummaryShape = {
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  publishedAt: IsoDate,
  image: z.strictObject({ url: z.string(), width: Int, height: Int }),
};
export const NewsSummary = z.strictObject(newsSummaryShape).meta({ id: 'NewsSummary' });
export const NewsItem = z
  .strictObject({ ...newsSummaryShape, body: z.string().meta({ description: 'Paragraphs separated by a blank line.' }) })
  .meta({ id: 'NewsItem' });
export const NewsList = paged(NewsSummary).meta({ id: 'NewsList' });

export const NewsListQuery = z.strictObject(pageQuery(50));
export const NewsItemQuery = NoQuery;
