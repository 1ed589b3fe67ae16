/**
 * Checks of a PDF's XMP packet by tools that are not ours: `pdfinfo -meta` (poppler) takes the packet out
 * of the PDF, `xmllint` parses it, and python's ElementTree (namespace-resolved, so independent of the
 * prefixes written) checks ISO 19005-2 6.6.2.3: every property outside the schemas XMP predefines is
 * described by a PDF/A extension schema in the same packet (pdfaExtension:schemas → pdfaSchema:schema,
 * namespaceURI, prefix, property → pdfaProperty:name, valueType, category, description), with the prefix
 * the packet uses. A self-written stand-in for veraPDF's 6.6.2.3.x rules (veraPDF is not installable here).
 */
import { spawnSync } from "node:child_process";
import { DEBIAN_PYTHON } from "./credential-checks.ts";

/** `pdfinfo -meta file`: the document's XMP packet as poppler reads it. */
export function xmpByPdfinfo(file: string): string {
  const r = spawnSync("pdfinfo", ["-meta", file], { encoding: "utf8", maxBuffer: 16 << 20 });
  if (r.status !== 0) throw new Error(`pdfinfo -meta failed: ${r.stderr}`);
  return r.stdout;
}

/** `xmllint --noout -`: exit 0 and nothing on stderr when the packet is well-formed XML. */
export function xmllint(xml: string): { status: number | null; stderr: string } {
  const r = spawnSync("xmllint", ["--noout", "-"], { input: xml, encoding: "utf8" });
  return { status: r.status, stderr: r.stderr };
}

const CHECK = String.raw`
import json, sys, xml.etree.ElementTree as ET
RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
EXT = "http://www.aiim.org/pdfa/ns/extension/"
SCH = "http://www.aiim.org/pdfa/ns/schema#"
PRP = "http://www.aiim.org/pdfa/ns/property#"
# Schemas XMP predefines (XMP Specification 2005, as PDF/A-2 references it) and the PDF/A ones.
PREDEFINED = {
  "http://purl.org/dc/elements/1.1/", "http://ns.adobe.com/xap/1.0/", "http://ns.adobe.com/xap/1.0/rights/",
  "http://ns.adobe.com/xap/1.0/mm/", "http://ns.adobe.com/xap/1.0/bj/", "http://ns.adobe.com/xap/1.0/t/pg/",
  "http://ns.adobe.com/xmp/1.0/DynamicMedia/", "http://ns.adobe.com/pdf/1.3/", "http://ns.adobe.com/photoshop/1.0/",
  "http://ns.adobe.com/camera-raw-settings/1.0/", "http://ns.adobe.com/tiff/1.0/", "http://ns.adobe.com/exif/1.0/",
  "http://ns.adobe.com/exif/1.0/aux/", "http://www.aiim.org/pdfa/ns/id/", EXT,
}
VALUE_TYPES = {"Text", "URI", "URL", "Date", "Integer", "Real", "Boolean", "AgentName", "Locale", "MIMEType",
  "ProperName", "RenditionClass", "ResourceRef", "Thumbnail", "GUID", "Lang Alt", "Bag Text", "Seq Text"}
raw = sys.stdin.read()
root = ET.fromstring(raw.encode("utf-8"))
def split(tag):
  return tag[1:].split("}", 1) if tag.startswith("{") else ("", tag)
used = {}
for desc in root.iter("{%s}Description" % RDF):
  for attr in desc.attrib:
    ns, name = split(attr)
    if ns and ns != RDF: used.setdefault(ns, set()).add(name)
  for child in desc:
    ns, name = split(child.tag)
    used.setdefault(ns, set()).add(name)
declared = {}
problems = []
for schemas in root.iter("{%s}schemas" % EXT):
  for li in schemas.iter("{%s}li" % RDF):
    uri = li.find("{%s}namespaceURI" % SCH)
    if uri is None: continue
    prefix = li.find("{%s}prefix" % SCH)
    name = li.find("{%s}schema" % SCH)
    if prefix is None or not (prefix.text or "").strip(): problems.append("schema %s has no pdfaSchema:prefix" % uri.text)
    if name is None or not (name.text or "").strip(): problems.append("schema %s has no pdfaSchema:schema" % uri.text)
    props = {}
    for p in li.iter("{%s}li" % RDF):
      pn = p.find("{%s}name" % PRP)
      if pn is None: continue
      vt = p.find("{%s}valueType" % PRP); cat = p.find("{%s}category" % PRP); d = p.find("{%s}description" % PRP)
      if vt is None or vt.text not in VALUE_TYPES: problems.append("%s: valueType %s" % (pn.text, None if vt is None else vt.text))
      if cat is None or cat.text not in ("internal", "external"): problems.append("%s: category" % pn.text)
      if d is None or not (d.text or "").strip(): problems.append("%s: no description" % pn.text)
      props[pn.text] = vt.text if vt is not None else None
    declared[uri.text] = {"prefix": (prefix.text or "").strip() if prefix is not None else "", "properties": props}
prefixes = {}
for m in __import__("re").finditer(r'xmlns:([A-Za-z_][\w.-]*)="([^"]+)"', raw):
  prefixes.setdefault(m.group(2), set()).add(m.group(1))
values = {}
for ns, names in sorted(used.items()):
  if ns in PREDEFINED or ns in (SCH, PRP): continue
  if ns not in declared: problems.append("namespace %s is not described by an extension schema" % ns); continue
  if declared[ns]["prefix"] not in prefixes.get(ns, set()): problems.append("namespace %s is written with another prefix than its schema declares" % ns)
  for n in sorted(names):
    if n not in declared[ns]["properties"]: problems.append("property %s of %s is not described" % (n, ns))
for desc in root.iter("{%s}Description" % RDF):
  for child in desc:
    ns, name = split(child.tag)
    if ns in declared: values["%s%s" % (ns, name)] = (child.text or "").strip()
print(json.dumps({"problems": problems, "declared": sorted(declared), "values": values}))
`;

export interface ExtensionSchemaCheck {
  /** Empty when every custom property is described as 6.6.2.3 requires. */
  problems: string[];
  /** Namespace URIs the packet describes. */
  declared: string[];
  /** Values of the described properties, by namespace URI + property name. */
  values: Record<string, string>;
}

export function checkExtensionSchemas(xmp: string): ExtensionSchemaCheck {
  const r = spawnSync(DEBIAN_PYTHON, ["-c", CHECK], { input: xmp, encoding: "utf8", maxBuffer: 16 << 20 });
  if (r.status !== 0) throw new Error(`python3 failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as ExtensionSchemaCheck;
}
