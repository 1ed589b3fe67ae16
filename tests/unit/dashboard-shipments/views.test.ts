import { describe, expect, it } from "vitest";
import { raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { renderShipmentForm } from "../../../shared/dashboard/shipments/form-view.ts";
import { renderShipmentList, parseListQuery, listHref } from "../../../shared/dashboard/shipments/list-view.ts";
import { renderShipmentPage } from "../../../shared/dashboard/shipments/shipment-view.ts";
import { formStateFromShipment } from "../../../shared/dashboard/shipments/form-data.ts";
import type { ShipmentRecord } from "../../../shared/shipments/shipment-record.ts";

const EVIL = `<script>alert("x")</script><img src=x onerror=alert(1)> & "quoted"`;
const csrf = raw(`<input type="hidden" name="_csrf" value="t">`) as HtmlEscapedString;

function shipment(): ShipmentRecord {
  return {
    id: "5f0c6a43-8d7e-4a51-9b51-7f3f2f4f9b11",
    shipment_ref: EVIL,
    shipment_data: {
      exporter: { name: EVIL, country: "PL" },
      goods: { total_value: 1300, line_items: [{ description: EVIL, quantity: 1, unit_price: 2 }] },
    },
    status: "validation_failed",
    generation_count: 0,
    max_generations: 2,
    created_by: "member:x",
    created_at: "2026-11-24T10:00:00.000Z",
    updated_at: "2026-11-24T10:00:00.000Z",
  };
}

function assertEscaped(rendered: unknown) {
  const page = String(rendered);
  expect(page).not.toContain("<script>");
  expect(page).not.toContain("<img src=x");
  expect(page).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
}

describe("shipment views escape every value", () => {
  it("form: values, findings and suggestions", async () => {
    const s = shipment();
    const page = String(
      await renderShipmentForm({
        action: "/dashboard/shipments/new",
        csrf,
        state: { ...formStateFromShipment(s.shipment_data), errors: { "goods.total_value": EVIL } },
        chosenTypes: ["COMMERCIAL_INVOICE"],
        findings: [
          {
            field: "goods.total_value",
            severity: "error",
            ruleId: "rule_total_matches_line_items",
            message: EVIL,
            context: [["Declared total", EVIL]],
          },
        ],
        partyNames: [EVIL],
        hsSuggestions: { row: 0, schedule: "EU", items: [{ value: EVIL, label: EVIL }] },
        shipmentRef: EVIL,
        mode: "new",
        confidence: { "exporter.name": 0.49, "goods.currency": 0.5 },
      }),
    );
    assertEscaped(page);
    expect(page).toContain("Required for Commercial Invoice");
    expect(page).toContain("check this value");
    // Below 0.5 is marked, 0.5 itself is not.
    expect(page).toMatch(/data-field="exporter.name"[\s\S]*?49 % confidence — <strong>check this value/);
    expect(page).toMatch(/data-field="goods.currency"[\s\S]*?50 % confidence<\/span>/);
    expect(page).toMatch(/class="field field--error"[^>]*data-field="goods.total_value"/);
  });

  it("list and shipment page", async () => {
    const s = shipment();
    assertEscaped(await renderShipmentList(parseListQuery({ search: EVIL }), [s], 41));
    const page = String(
      await renderShipmentPage({
        shipment: s,
        csrf,
        generations: [],
        validation: {
          id: "v",
          run_id: "r",
          shipment_id: s.id,
          gate_slug: "g",
          rule_library_version: "1",
          document_types: [],
          passed: false,
          score: 80,
          validation_hash: "sha256:00",
          layers: [{ name: "Business Rules", status: "failed", results: [] }] as never,
          route: null,
          reference_data: null,
          created_at: s.created_at,
          results: [
            {
              rule_id: "rule_total_matches_line_items",
              category: "Math",
              severity: "error",
              message: "Total differs",
              field: "goods.total_value",
              context: { declared_total: 1300, computed_total: 2 },
            },
          ],
        },
      }),
    );
    assertEscaped(page);
    // The finding sits in the total's row, with its context in words.
    expect(page).toMatch(
      /<dt>Total invoice value<\/dt><dd class="has-error">1300[\s\S]*rule_total_matches_line_items[\s\S]*Declared total<\/dt><dd>1300/,
    );
  });

  it("list query: unknown values are ignored, pages stay in range", () => {
    expect(parseListQuery({ status: "nope", page: "-3", search: "  " })).toEqual({ page: 1 });
    expect(listHref({ status: "draft", search: "a&b", page: 1 }, 3)).toBe("/dashboard/shipments?status=draft&search=a%26b&page=3");
  });
});
