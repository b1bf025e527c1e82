#!/bin/sh
# Lint: a clean page passes; each planted defect is caught as page:line.
. "$(dirname "$0")/lib.sh"
fx=tests/fixtures/lint
check "a clean page passes" ci/pages/lint-pages $fx/clean.2
check "an alias page whose .so target exists passes" ci/pages/lint-pages $fx/alias.2
fails_with "mandoc -Tlint warnings fail" "^$fx/mandoc-warning.2:5: WARNING: skipping paragraph macro" ci/pages/lint-pages $fx/mandoc-warning.2
fails_with "troff warnings fail" "^$fx/troff-warning.2:6: troff: warning: macro .XX. not defined" ci/pages/lint-pages $fx/troff-warning.2
fails_with "a rendered line of 80 columns fails" "^$fx/wide.2:8: rendered line [0-9]+ is 80 columns" ci/pages/lint-pages $fx/wide.2
fails_with "tbl without '\\\" t fails" "^$fx/tbl-missing.2:6: the page uses tbl" ci/pages/lint-pages $fx/tbl-missing.2
fails_with "'\\\" t without tbl fails" "^$fx/tbl-extra.2:1: .* but the page has no table" ci/pages/lint-pages $fx/tbl-extra.2
fails_with "a missing .so target fails" "^$fx/so-missing.2:6: .so target .* does not exist" ci/pages/lint-pages $fx/so-missing.2
fails_with "an alias page with a missing target fails" "^$fx/alias-missing.2:1: .so target" ci/pages/lint-pages $fx/alias-missing.2
fails_with "one bad page among good ones fails the run" "wide.2" ci/pages/lint-pages $fx/clean.2 $fx/wide.2
fails_with "a line ending in white space fails" "^$fx/trailing.2:3: trailing whitespace" ci/pages/lint-pages $fx/trailing.2
fails_with "a page whose rendered text says a harness word fails" "^$fx/harness-word.2:8: rendered line [0-9]+: a harness word" ci/pages/lint-pages $fx/harness-word.2
check "a claim test may say the harness's words" ci/pages/lint-pages $fx/harness-word.claim
done_testing
