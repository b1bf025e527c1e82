# seccomp-pages — the Makefile only wires the stages in ci/ together:
#   page → extract → compile per guest sysroot → guest image → boot and run
#   sessions → compare with the page → report.

prefix      = /usr/local
bindir      = $(prefix)/bin
datarootdir = $(prefix)/share
datadir     = $(datarootdir)/seccomp-pages
libexecdir  = $(prefix)/libexec/seccomp-pages
mandir      = $(datarootdir)/man
DESTDIR     =

ALL_PAGES  := $(sort $(wildcard man1/*.1 man2/*.2 man3/*.3 man7/*.7))
# Claim tests: small pages of their own that prove what a page says
# (ci/pages/claim-refs); never installed.
CLAIMS     := $(sort $(wildcard claims/*.claim))
# The upstream delta: patches against man-pages' own pages (ci/upstream/queue);
# a patch names the claim test that proves it (`Test: NAME`), which runs too.
QUEUE      := $(sort $(wildcard upstream/man-pages/*/[0-9][0-9][0-9][0-9]-*.patch))
# make check-examples PAGES='man3/*.3' GUESTS='musl x32': those pages and the claim
# tests they name.  A patch of the upstream delta in PAGES runs the claim test
# it names; the default is every page and every patch.
PAGES      = $(ALL_PAGES) $(QUEUE)
GUESTS     =
# make check-examples ARCHES=all: the guests of tiers default, all and
# history of ci/guests/guests.list; ARCHES=history: the C library releases built from
# source (tiers history and history-glibc); without it those of tier default
# (the others are left out, and the run says so).  CI (.ci/run), make census
# and update-census run all.
ARCHES     =
# make check-examples SHARD=2/3: the 2nd of 3 shards of the guests
# (ci/guests/shard-guests), in build/shards/2-of-3; make merge-shards: one
# report from build/shards/*.
SHARD      =

.PHONY: all examples compile lint check check-examples install uninstall \
	update-guests bench packages clean patches check-patches send-patches rebase-patches libseccomp-patches check-libseccomp-patches census census-data census-data-history update-census \
	merge-shards html check-peers check-corpus

all: examples compile build/tools/elf-imports

packages:
	@ci/ensure-packages

# Extract every SRC block; stale files go; a malformed page changes nothing.
# Run again only when a page, a claim test, the extractor or an example has
# changed since the last extraction (build/examples.stamp), or one was added
# or removed (the directories' times).
examples: packages build/examples.stamp

build/examples.stamp: $(ALL_PAGES) $(CLAIMS) ci/pages/extract-examples ci/pages/extract-examples-blocks.awk \
		ci/pages/extract-examples-text.awk \
		$(wildcard man1/. man2/. man3/. man7/. claims/. examples/. examples/*/. examples/*/*)
	@ci/pages/extract-examples examples $(ALL_PAGES) $(CLAIMS)
	@mkdir -p build && touch $@

# Compile every example on the host (compile only: never run here).
compile: examples
	@ci/pages/compile-examples -a build/host examples

lint: packages
	@ci/pages/lint-pages $(ALL_PAGES) $(CLAIMS)
	@ci/pages/claim-refs $(ALL_PAGES) $(QUEUE) -- $(CLAIMS)
	@ci/pages/proof-coverage $(filter man1/% man2/% man3/%,$(ALL_PAGES))

check-examples: examples
	@ci/check-examples $(if $(ARCHES),-a $(ARCHES)) -g "$(GUESTS)" $(if $(SHARD),-s $(SHARD) -w build/shards/$(subst /,-of-,$(SHARD))) $(filter-out %.patch,$(PAGES)) $$(ci/pages/claim-refs -l $(PAGES) -- $(CLAIMS))

# The kernel's seccomp selftests, from the source of the kernel each guest
# boots, on every guest (ci/peers/check-peers, ci/peers/expected).
check-peers: packages
	@ci/peers/check-peers $(if $(ARCHES),-a $(ARCHES)) -g "$(GUESTS)" $(ALL_PAGES)

# The proof that programs live under the allowlists seccomp-census makes:
# corpus/*.c and three of the guests' own programs, each under its --for
# allowlist with a killing default, one boot per guest (ci/corpus/check-corpus).
check-corpus: packages
	@ci/corpus/check-corpus $(if $(ARCHES),-a $(ARCHES)) -g "$(GUESTS)"

merge-shards: packages
	@ci/report/merge-shards $(if $(ARCHES),-a $(ARCHES)) -g "$(GUESTS)" build/check-examples build/shards/*-of-*

# The pages as a static site (build/html/index.html) showing where each
# session was verified in the last run (build/check-examples).
html: packages
	@ci/report/html -w build/check-examples build/html $(ALL_PAGES) $(CLAIMS)

# Everything: examples in sync, lint, host compile, the harness's own tests
# and the sessions on every guest; the last line counts them all.
check: packages
	@GUESTS="$(GUESTS)" ARCHES="$(ARCHES)" tests/run

# The upstream delta as a patch series for man-pages, against UPSTREAM=DIR
# (a man-pages git checkout or release) or Debian's newest reachable
# manpages source; rebase-patches moves the queue onto UPSTREAM.
UPSTREAM   =
patches: examples
	@ci/upstream/make-patches $(UPSTREAM)

rebase-patches:
	@ci/upstream/queue rebase $(UPSTREAM)

check-patches:
	@ci/upstream/check-patches $(UPSTREAM)

# The git send-email command of each thread of patches/, printed, not run.
send-patches:
	@ci/upstream/send-patches

# The man3 pages as commits for libseccomp's doc/man/man3, against
# LIBSECCOMP=DIR or Debian's newest reachable libseccomp source.
LIBSECCOMP =
libseccomp-patches:
	@ci/upstream/libseccomp-patches $(LIBSECCOMP)

check-libseccomp-patches:
	@ci/upstream/libseccomp-patches -c $(LIBSECCOMP)

# The census: ci/census/probe.c runs in a guest's boot whenever that guest image
# and probe have not been measured yet (ci/guests/run-guest); these targets boot
# every guest for it alone and always measure afresh.  update-census is the only
# way the tables in libc_syscalls(7) change.
census-data: packages
	@mkdir -p build
	@SP_CENSUS=fresh ci/check-examples -a all -w build/census > build/census.log 2>&1 || { tail -n 20 build/census.log; exit 1; }

census: census-data
	@ci/census/table text build/census/guests

# The guests that ARCHES=all leaves out (the glibc releases built from
# source of tier history-glibc) are measured in a run of their own:
# census/census.tsv, which seccomp-census answers from, carries their rows
# after those of ARCHES=all; the tables of the pages show the guests of
# ARCHES=all, which make check ARCHES=all checks.
census-data-history: packages
	@rm -rf build/census-history; mkdir -p build/census-history/guests
	@g=$$(ci/guests/select-guests -a all | sed -n 's/^notrun	//p'); [ -z "$$g" ] || \
	SP_CENSUS=fresh ci/check-examples -a history -g "$$g" -w build/census-history > build/census-history.log 2>&1 || { tail -n 20 build/census-history.log; exit 1; }

update-census: census-data census-data-history
	@ci/census/table roff build/census/guests > build/census/block.roff
	@ci/census/page update man7/libc_syscalls.7 build/census/block.roff
	@ci/census/table tsv build/census/guests > build/census/census.tsv
	@rm -f build/census-history/failed; [ -z "$$(ls build/census-history/guests)" ] || \
	{ ci/census/table tsv build/census-history/guests > build/census-history/census.tsv && \
	  sed -e '/^#/d' -e '/^system	/d' build/census-history/census.tsv >> build/census/census.tsv; } || \
	touch build/census-history/failed
	@mv build/census/census.tsv census/census.tsv
	@ci/census/distributions > build/census/distributions.roff
	@ci/census/page -m DISTRIBUTIONS update man7/libc_syscalls.7 build/census/distributions.roff
	@SECCOMP_CENSUS_DATA=census/census.tsv ci/census/changes > build/census/changes.roff
	@ci/census/page -m RELEASES update man7/libc_syscalls.7 build/census/changes.roff
	@[ ! -f build/census-history/failed ] || { echo "update-census: the census of the guests outside ARCHES=all failed (above): census/census.tsv has none of their rows" >&2; exit 1; }

# seccomp-census --for reads a program's imports with it (never runs the program).
build/tools/elf-imports: census/elf-imports.c
	@mkdir -p build/tools
	@$(CC) -std=c11 -O2 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L -o $@ census/elf-imports.c

update-guests: packages
	@ci/guests/guest-lock-update

bench: examples
	@ci/bench

# The pages, and the census with its query program (census/).
install: build/tools/elf-imports
	@for p in $(ALL_PAGES); do \
		d='$(DESTDIR)$(mandir)'/man$${p##*.}; \
		install -d "$$d" && install -m 644 "$$p" "$$d/" || exit 1; \
	done
	@install -d '$(DESTDIR)$(bindir)' '$(DESTDIR)$(datadir)' '$(DESTDIR)$(libexecdir)'
	@sed 's|@DATADIR@|$(datadir)|; s|@LIBEXECDIR@|$(libexecdir)|' census/seccomp-census > build/seccomp-census.installed
	@install -m 755 build/seccomp-census.installed '$(DESTDIR)$(bindir)/seccomp-census'
	@install -m 644 census/census.tsv census/distributions census/seccomp-census.awk census/imports $(wildcard ci/census/lifecycle) '$(DESTDIR)$(datadir)/'
	@install -m 755 build/tools/elf-imports '$(DESTDIR)$(libexecdir)/'

uninstall:
	@for p in $(ALL_PAGES); do \
		rm -f '$(DESTDIR)$(mandir)'/man$${p##*.}/$${p##*/}; \
	done
	@rm -f '$(DESTDIR)$(bindir)/seccomp-census' '$(DESTDIR)$(datadir)/census.tsv' \
		'$(DESTDIR)$(datadir)/seccomp-census.awk' '$(DESTDIR)$(datadir)/distributions' '$(DESTDIR)$(datadir)/imports' '$(DESTDIR)$(datadir)/lifecycle' '$(DESTDIR)$(libexecdir)/elf-imports'
	@rmdir '$(DESTDIR)$(datadir)' '$(DESTDIR)$(libexecdir)' 2>/dev/null || true

clean:
	rm -rf build patches
