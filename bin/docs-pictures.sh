#!/usr/bin/env bash
# Makes the docs' two pictures from pages the kit renders today, on the embedded HBase: report-hbase.png from
# the README's first run, study-hbase.png from the sweep STUDIES.md shows. Then records the page templates they
# were made with in docs/images/made-from.sha256; DocPicturesTest fails once a template differs from that record,
# so a picture never shows a page the kit no longer draws. Builds the kit first, so the pages name this commit.
# Takes about 15 minutes on 2 CPUs.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "$(git status --porcelain)" ]; then
  echo "docs-pictures.sh: commit or set aside your changes first: the pictures show the kit's commit" >&2
  exit 2
fi

# Built from this commit, so that the pages name it (the build records the commit and whether the tree differed)
mvn -B -q install -DskipTests
if ! grep -qx "git.commit.id=$(git rev-parse HEAD)" kit-driver/target/kit-release.properties \
    || grep -qx "git.dirty=true" kit-driver/target/kit-release.properties; then
  echo "docs-pictures.sh: the built kit does not name this commit as it is; see kit-driver/target/kit-release.properties" >&2
  exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The README shows the top of the run report: its verdict, headline figures and first facts.
bin/tpcx-iot.sh -p 2 -k 200000 --results "$work/run"
run=$(ls -d "$work"/run/*/)
"${IOTKIT_CHROMIUM:-chromium}" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=960,945 \
  --user-data-dir="$work/chromium" --screenshot="$PWD/docs/images/report-hbase.png" "file://${run}report.html"

bin/tpcx-iot.sh sweep -b hbase -p 1,2,4 --kvps-per-substation 200000 --study "$work/study" --screenshot
cp "$work/study/study.png" docs/images/study-hbase.png

sha256sum kit-driver/src/main/resources/io/iotkit/report/*.mustache \
  kit-driver/src/main/resources/io/iotkit/template/*.mustache > docs/images/made-from.sha256
echo "made docs/images/report-hbase.png and study-hbase.png (the study's table is printed above)"
