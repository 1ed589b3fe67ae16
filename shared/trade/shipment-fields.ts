import { z } from "zod";

/**
 * The field kinds of the stored TradeShipment (shipments/trade-shipment-schema.ts and the data blocks each
 * document type owns, document-types/types/<type>/identity.ts): every field optional (drafts are partial)
 * and nullable (ERPs send null for blanks), unknown keys kept.
 */
export const text = z.string().nullish();
export const amount = z.number().nullish();
export const block = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape).nullish();
