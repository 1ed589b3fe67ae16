/**
 * The XMP metadata packet of a flattened PDF/A-2b document (ISO 19005-2 6.6): the PDF/A identification
 * (pdfaid:part 2, pdfaid:conformance B), Dublin Core title / creator / description, the XMP basic dates and
 * creator tool, the Adobe PDF schema producer and keywords, XMP media management ids, and the hash stamp in
 * the service's own namespace — declared through a PDF/A extension schema (6.6.2.3), since PDF/A allows
 * custom properties only when the packet describes them.
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
    `<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"><pdfaid:part>2</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance></rdf:Description>`,
    dc.length > 0 ? `<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">${dc.join("")}</rdf:Description>` : "",
    `<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">${xmp.join("")}</rdf:Description>`,
    `<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">${pdf.join("")}</rdf:Description>`,
    `<rdf:Description rdf:about="" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"><xmpMM:DocumentID>${escapeXml(fields.documentId)}</xmpMM:DocumentID><xmpMM:InstanceID>${escapeXml(fields.instanceId)}</xmpMM:InstanceID></rdf:Description>`,
  ];
  if (fields.hashStamp !== undefined) {
    descriptions.push(
      `<rdf:Description rdf:about="" xmlns:${TDS_XMP_PREFIX}="${TDS_XMP_NAMESPACE}"><${TDS_XMP_PREFIX}:hashStamp>${escapeXml(fields.hashStamp)}</${TDS_XMP_PREFIX}:hashStamp></rdf:Description>`,
      extensionSchema(),
    );
  }
  const body = descriptions.filter((d) => d.length > 0).join("\n");
  const padding = `${" ".repeat(99)}\n`.repeat(20);
  return (
    `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>\n` +
    `<x:xmpmeta xmlns:x="adobe:ns:meta/">\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n${body}\n</rdf:RDF>\n</x:xmpmeta>\n` +
    `${padding}<?xpacket end="w"?>`
  );
}

/** PDF/A extension schema (ISO 19005-2 6.6.2.3.3) describing tds:hashStamp. */
function extensionSchema(): string {
  return (
    `<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">` +
    `<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">` +
    `<pdfaSchema:schema>Trade Document Service archival stamp</pdfaSchema:schema>` +
    `<pdfaSchema:namespaceURI>${TDS_XMP_NAMESPACE}</pdfaSchema:namespaceURI>` +
    `<pdfaSchema:prefix>${TDS_XMP_PREFIX}</pdfaSchema:prefix>` +
    `<pdfaSchema:property><rdf:Seq><rdf:li rdf:parseType="Resource">` +
    `<pdfaProperty:name>hashStamp</pdfaProperty:name>` +
    `<pdfaProperty:valueType>Text</pdfaProperty:valueType>` +
    `<pdfaProperty:category>external</pdfaProperty:category>` +
    `<pdfaProperty:description>Hash stamped visibly on every page of the flattened document (e.g. the validation hash sha256:…)</pdfaProperty:description>` +
    `</rdf:li></rdf:Seq></pdfaSchema:property>` +
    `</rdf:li></rdf:Bag></pdfaExtension:schemas></rdf:Description>`
  );
}
