import { z } from 'zod';
import { entityId } from '../configuration/common.ts';
import { catalogueError } from '../errors/index.ts';

// The one bound on what a filter of analytics and extraction lists: every id it names and how many values it lists,
// checked where the request enters, so that no store is asked for a term it refuses (Elasticsearch refuses any
// term over 32,766 bytes) and no list grows a query without end.

/** An id a filter names (a program, probe, ISP, tag, campaign…) has at most this many characters. */
export const maxFilterIdLength = 128;
/** A filter lists at most this many values. */
export const maxFilterValues = 1000;

/** One id of the filter `field`; its message names the filter and the bound. */
export const filterId = (field: string) =>
  entityId.max(maxFilterIdLength, {
    error: catalogueError('validation.filterIdTooLong', { field, max: maxFilterIdLength }),
  });

/** The values of the filter `field`: at most `max` (by default `maxFilterValues`) of `item`. */
export const filterValues = <Item extends z.ZodType>(field: string, item: Item, max = maxFilterValues) =>
  z.array(item).max(max, { error: catalogueError('validation.filterTooManyValues', { field, max }) });

/** The ids of the filter `field`, each and all of them bounded. */
export const filterIds = (field: string) => filterValues(field, filterId(field));
