#!/usr/bin/env python3
"""Writes legacy Excel 97-2003 (.xls, BIFF8) files for the extraction corpus with xlwt, an
implementation independent of the service's own .xls reader.

    python3 bench/extraction/write-xls.py grid.json out.xls

grid.json: {"name": "Sheet", "rows": [[cell, ...], ...]} with strings, numbers or null.
Needs Debian's python3-xlwt (apt-get install -y python3-xlwt)."""
import json
import sys

import xlwt

spec = json.load(open(sys.argv[1], encoding="utf-8"))
wb = xlwt.Workbook(encoding="utf-8")
ws = wb.add_sheet(spec["name"][:31])
for r, row in enumerate(spec["rows"]):
    for c, v in enumerate(row):
        if v is not None:
            ws.write(r, c, v)
wb.save(sys.argv[2])
