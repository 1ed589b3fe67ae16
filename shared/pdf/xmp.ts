/**
 * The XMP metadata packet of a PDF/A-2b or PDF/A-3b document (ISO 19005-2/-3 6.6): the PDF/A identification
 * (pdfaid:part 2 or 3, pdfaid:conformance B), Dublin Core title / creator / description, the XMP basic dates and
 * creator tool, the Adobe PDF schema producer and keywords, XMP media management ids, and the hash stamp in
 * the service's own namespace — declared through a PDF/A extension schema (6.6.2.3), since PDF/A allows
 * custom properties only when the packet describes them. Callers add their own described properties as
 * extensions (Factur-X's fx: schema); all schemas share one pdfaExtension:schemas bag.
 *
 * Serialised as UTF-8 without the forbidden `bytes` and `encoding` attributes of the packet header
 * (6.6.2.1), with padding so editors can update it in place.
 */

export const TDS_XMP_NAMESPACE = "urn:trade-document-service:xmp:1.0#";
export const TDS_XMP_PREFIX = "tds";

export interface XmpFields {
  title?: string;
  author?: string;
  /** dc:description = Info /Subject. */
  subject?: string;
  keywords?: string;
  creatorTool?: string;
  producer: string;
  createDate: Date;
  modifyDate: Date;
  /** xmpMM:DocumentID / InstanceID, e.g. "uuid:…". */
  documentId: string;
  instanceId: string;
  hashStamp?: string;
  /** PDF/A part: 2 (default) or 3 (ISO 19005-3, which allows embedded files of any kind). */
  part?: 2 | 3;
  /** Further custom schemas: each is described in the PDF/A extension schema and its values written. */
  extensions?: XmpExtensionSchema[];
}

/** A custom XMP schema with its properties and values, as a PDF/A extension schema describes it (6.6.2.3.3). */
export interface XmpExtensionSchema {
  /** Human-readable schema name, e.g. "Factur-X PDFA Extension Schema". */
  schema: string;
  namespaceURI: string;
  prefix: string;
  properties: XmpExtensionProperty[];
}

export interface XmpExtensionProperty {
  name: string;
  /** An XMP value type (here always "Text"). */
  valueType: "Text";
  category: "external" | "internal";
  description: string;
  value: string;
}

export function escapeXml(text: string): string {
  // XML 1.0 forbids most C0 controls even as character references: drop them.
  // eslint-disable-next-line no-control-regex
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
    .replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c]!);
}

/** xsd:dateTime in UTC with seconds, as XMP dates are written (e.g. 2025-03-11T09:30:00Z). */
export function xmpDate(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

function langAlt(tag: string, text: string): string {
  return `<${tag}><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(text)}</rdf:li></rdf:Alt></${tag}>`;
}

export function buildXmp(fields: XmpFields): string {
  const dc: string[] = [];
  if (fields.title !== undefined) dc.push(langAlt("dc:title", fields.title));
  if (fields.author !== undefined) dc.push(`<dc:creator><rdf:Seq><rdf:li>${escapeXml(fields.author)}</rdf:li></rdf:Seq></dc:creator>`);
  if (fields.subject !== undefined) dc.push(langAlt("dc:description", fields.subject));
  const pdf: string[] = [`<pdf:Producer>${escapeXml(fields.producer)}</pdf:Producer>`];
  if (fields.keywords !== undefined) pdf.push(`<pdf:Keywords>${escapeXml(fields.keywords)}</pdf:Keywords>`);
  const xmp: string[] = [
    `<xmp:CreateDate>${xmpDate(fields.createDate)}</xmp:CreateDate>`,
    `<xmp:ModifyDate>${xmpDate(fields.modifyDate)}</xmp:ModifyDate>`,
    `<xmp:MetadataDate>${xmpDate(fields.modifyDate)}</xmp:MetadataDate>`,
  ];
  if (fields.creatorTool !== undefined) xmp.push(`<xmp:CreatorTool>${escapeXml(fields.creatorTool)}</xmp:CreatorTool>`);

  const descriptions = [
    `<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"><pdfaid:part>${fields.part ?? 2}</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance></rdf:Description>`,
    dc.length > 0 ? `<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">${dc.join("")}</rdf:Description>` : "",
    `<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">${xmp.join("")}</rdf:Description>`,
    `<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">${pdf.join("")}</rdf:Description>`,
    `<rdf:Description rdf:about="" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"><xmpMM:DocumentID>${escapeXml(fields.documentId)}</xmpMM:DocumentID><xmpMM:InstanceID>${escapeXml(fields.instanceId)}</xmpMM:InstanceID></rdf:Description>`,
  ];
  const schemas: XmpExtensionSchema[] = [];
  if (fields.hashStamp !== undefined) schemas.push(hashStampSchema(fields.hashStamp));
  schemas.push(...(fields.extensions ?? []));
  for (const schema of schemas) {
    const values = schema.properties.map((p) => `<${schema.prefix}:${p.name}>${escapeXml(p.value)}</${schema.prefix}:${p.name}>`);
    descriptions.push(
      `<rdf:Description rdf:about="" xmlns:${schema.prefix}="${escapeXml(schema.namespaceURI)}">${values.join("")}</rdf:Description>`,
    );
  }
  if (schemas.length > 0) descriptions.push(extensionSchemas(schemas));
  const body = descriptions.filter((d) => d.length > 0).join("\n");
  const padding = `${" ".repeat(99)}\n`.repeat(20);
  return (
    `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>\n` +
    `<x:xmpmeta xmlns:x="adobe:ns:meta/">\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n${body}\n</rdf:RDF>\n</x:xmpmeta>\n` +
    `${padding}<?xpacket end="w"?>`
  );
}

function hashStampSchema(hashStamp: string): XmpExtensionSchema {
  return {
    schema: "Trade Document Service archival stamp",
    namespaceURI: TDS_XMP_NAMESPACE,
    prefix: TDS_XMP_PREFIX,
    properties: [
      {
        name: "hashStamp",
        valueType: "Text",
        category: "external",
        description: "Hash stamped visibly on every page of the flattened document (e.g. the validation hash sha256:…)",
        value: hashStamp,
      },
    ],
  };
}

/** PDF/A extension schema container (ISO 19005-2 6.6.2.3.3) describing every custom schema used. */
function extensionSchemas(schemas: XmpExtensionSchema[]): string {
  const described = schemas.map(
    (schema) =>
      `<rdf:li rdf:parseType="Resource">` +
      `<pdfaSchema:schema>${escapeXml(schema.schema)}</pdfaSchema:schema>` +
      `<pdfaSchema:namespaceURI>${escapeXml(schema.namespaceURI)}</pdfaSchema:namespaceURI>` +
      `<pdfaSchema:prefix>${escapeXml(schema.prefix)}</pdfaSchema:prefix>` +
      `<pdfaSchema:property><rdf:Seq>` +
      schema.properties
        .map(
          (p) =>
            `<rdf:li rdf:parseType="Resource">` +
            `<pdfaProperty:name>${escapeXml(p.name)}</pdfaProperty:name>` +
            `<pdfaProperty:valueType>${p.valueType}</pdfaProperty:valueType>` +
            `<pdfaProperty:category>${p.category}</pdfaProperty:category>` +
            `<pdfaProperty:description>${escapeXml(p.description)}</pdfaProperty:description>` +
            `</rdf:li>`,
        )
        .join("") +
      `</rdf:Seq></pdfaSchema:property>` +
      `</rdf:li>`,
  );
  return (
    `<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">` +
    `<pdfaExtension:schemas><rdf:Bag>${described.join("")}</rdf:Bag></pdfaExtension:schemas></rdf:Description>`
  );
}
