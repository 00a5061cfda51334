# dayplan: build the static binary and install it with its man pages, shell completions, Vim/Neovim
# plugin and documents (README.md, FORMAT.md and docs/, in the same folders, so their links hold); or
# remove them again.
#
#   make install                      # into /usr/local (as root)
#   make install PREFIX=~/.local      # into your home: ~/.local/bin/dayplan and ~/.local/share/...
#   make uninstall PREFIX=~/.local    # remove exactly what install put there
#   make release VERSION=0.2.0        # tag the commit checked out as v0.2.0 (the version dayplan --version prints)
#
# With PREFIX=~/.local, Vim looks for the plugin in ~/.vim only: add VIMDIR=~/.vim (Neovim finds
# ~/.local/share/nvim/site by itself).
#
# The completions and dayplan(1) are made by the built binary from its own command table, so they
# always match it. DESTDIR is prepended to every path, for packagers.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
# The binary install copies; `make install-files BINARY=...` installs one built elsewhere.
BINARY ?= .build/release/dayplan

bindir = $(DESTDIR)$(PREFIX)/bin
datadir = $(DESTDIR)$(PREFIX)/share
mandir = $(datadir)/man
docdir = $(datadir)/doc/dayplan
bashdir = $(datadir)/bash-completion/completions
zshdir = $(datadir)/zsh/site-functions
fishdir = $(datadir)/fish/vendor_completions.d
# Vim finds packages under a 'packpath' folder; Neovim under share/nvim/site (in XDG_DATA_DIRS and
# ~/.local/share). Override VIMDIR (for example VIMDIR=~/.vim) when PREFIX/share/vim/vimfiles is not
# in your Vim's 'packpath'.
VIMDIR ?= $(PREFIX)/share/vim/vimfiles
NVIMDIR ?= $(PREFIX)/share/nvim/site
vimpack = $(DESTDIR)$(VIMDIR)/pack/dayplan
nvimpack = $(DESTDIR)$(NVIMDIR)/pack/dayplan
plugin = $(shell cd editors/vim && find . -type f | sort)
# The pages of docs/ (RULES.md, EXPORT.md and its schema, one page per command and topic).
docs = $(sort $(wildcard docs/*.md docs/*.json))

.PHONY: all build install install-files uninstall release test test-fast generate

all: build

# Every test (what CI runs), and the fast ones alone: all but the suites tagged `.slow` (Tests/fast.sh).
test:
	swift test
test-fast:
	sh Tests/fast.sh

# The documents that list the metadata keys (the man page's list, docs/EXPORT.md's rows, the schema, the Vim
# syntax), written from the table in Sources/DayPlan/Model/MetadataKey.swift; the same tests fail when they differ.
generate:
	DAYPLAN_GENERATE=1 swift test --filter KeyDocumentsTests

# On Linux a fully static executable: no Swift runtime and no dynamic loader needed, and it starts in
# about half the time of a dynamically linked one (Tests/bench/results/history.md). macOS
# has no static executables and ships the Swift runtime with the system, so there no flag is needed.
STATIC ?= $(if $(filter Linux,$(shell uname -s)),-Xswiftc -static-executable,)
# A generic type the code names with its arguments (an array of tasks, an optional folder) is made at its first
# use. By default the compiled code asks for it by its mangled name, which the runtime demangles first: half
# the instructions of `dayplan lint` on one small file. With this frontend option it calls the type's
# accessor instead (Tests/bench/results/history.md). Passed only when the compiler lists it.
metadata_flag = -disable-concrete-type-metadata-mangled-name-accessors
METADATA ?= $(if $(shell $(SWIFT) -frontend -help-hidden 2>/dev/null | grep -e '$(metadata_flag)'),-Xswiftc -Xfrontend -Xswiftc $(metadata_flag),)

# A static link against glibc warns that libswiftCore calls dlopen (it looks for an optional library of
# prespecialized generics, and does without it when none is found; dayplan loads nothing). That one line is
# left out of the build's output; every other line, and the build's exit status, come through.
dlopen_warning = Using 'dlopen' in statically linked applications

build:
	@echo "$(SWIFT) build -c release $(STATIC) $(METADATA) --product dayplan"
	@{ $(SWIFT) build -c release $(STATIC) $(METADATA) --product dayplan 2>&1; echo $$? > .build/make-build-status; } \
		| grep -v "$(dlopen_warning)"; exit $$(cat .build/make-build-status)

install: build install-files

install-files:
	install -d $(bindir) $(mandir)/man1 $(mandir)/man5 $(docdir)/docs $(bashdir) $(zshdir) $(fishdir)
	# Stripped: the release build keeps its symbols (a 30 MB file); the installed one needs none of them.
	install -s -m 755 $(BINARY) $(bindir)/dayplan
	$(BINARY) help --man > $(mandir)/man1/dayplan.1
	install -m 644 man/dayplan.5 $(mandir)/man5/dayplan.5
	install -m 644 README.md FORMAT.md $(docdir)/
	install -m 644 $(docs) $(docdir)/docs/
	$(BINARY) completions bash > $(bashdir)/dayplan
	$(BINARY) completions zsh > $(zshdir)/_dayplan
	$(BINARY) completions fish > $(fishdir)/dayplan.fish
	for pack in $(vimpack) $(nvimpack); do \
		for file in $(plugin); do \
			install -d $$pack/start/dayplan/$$(dirname $$file) && \
			install -m 644 editors/vim/$$file $$pack/start/dayplan/$$file || exit 1; \
		done; \
	done

uninstall:
	rm -f $(bindir)/dayplan $(mandir)/man1/dayplan.1 $(mandir)/man5/dayplan.5
	rm -f $(docdir)/README.md $(docdir)/FORMAT.md $(addprefix $(docdir)/,$(docs))
	rm -f $(bashdir)/dayplan $(zshdir)/_dayplan $(fishdir)/dayplan.fish
	-rmdir $(docdir)/docs $(docdir) 2>/dev/null
	rm -rf $(vimpack) $(nvimpack)

# A release is a tag, v$(VERSION), on a commit whose dayplan --version says $(VERSION): the form the pre-commit
# snippet's `rev:` names (docs/lint.md). The tree must be clean, and the tag new.
release:
	@test -n "$(VERSION)" || { echo "make release: give VERSION=X.Y.Z"; exit 2; }
	@grep -q '^let version = "$(VERSION)"$$' Sources/DayPlanCLI/main.swift || { \
		echo "make release: Sources/DayPlanCLI/main.swift says version $$(sed -n 's/^let version = "\(.*\)"$$/\1/p' Sources/DayPlanCLI/main.swift), not $(VERSION); change it there first"; exit 2; }
	@test -z "$$(git status --porcelain)" || { echo "make release: commit or stash your changes first"; exit 2; }
	@! git rev-parse -q --verify "refs/tags/v$(VERSION)" >/dev/null || { echo "make release: v$(VERSION) is tagged already"; exit 2; }
	git tag -a "v$(VERSION)" -m "dayplan $(VERSION)"
	@echo "tagged v$(VERSION); push it with: git push origin v$(VERSION)"
