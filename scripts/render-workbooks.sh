#!/bin/sh
# Renders the workbooks the browser tests keep (test-results/*.xlsx) as LibreOffice Calc prints them, one PNG per
# page, so a person can look at them as they would open them: `###` in a cell means a column too narrow for its
# value. Needs LibreOffice (soffice) and poppler-utils (pdftoppm); nothing here runs in CI.
#   sh scripts/render-workbooks.sh [folder]   (default test-results)
set -eu
folder="${1:-test-results}"
out="$folder/workbooks"
mkdir -p "$out"
# A profile of its own: a running LibreOffice of the person's would otherwise take the conversion.
profile="file://$(mktemp -d)"
for book in "$folder"/*.xlsx; do
  [ -e "$book" ] || continue
  soffice --headless "-env:UserInstallation=$profile" --convert-to pdf --outdir "$out" "$book" >/dev/null
  name=$(basename "$book" .xlsx)
  pdftoppm -r 90 -png "$out/$name.pdf" "$out/$name"
done
ls "$out"/*.png
