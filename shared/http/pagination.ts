/** Page-numbered lists (shipments, parties, webhook deliveries): `page` counts from 1, `limit` rows a page. */
export interface PageRequest {
  page: number;
  limit: number;
}

/** The rows a page skips. */
export function pageOffset(q: PageRequest): number {
  return (q.page - 1) * q.limit;
}

/** The `pagination` object of a list answer. */
export function pagination(q: PageRequest, total: number) {
  return { page: q.page, limit: q.limit, total, total_pages: Math.ceil(total / q.limit) };
}
