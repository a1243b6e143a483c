# Installs fleet-audit with the Swift runtime linked in, so the binary can be copied to a cron host that has
# no Swift toolchain: `make install PREFIX=/usr/local` (and `make uninstall`, with the same PREFIX).
# Only the system's libsqlite3, libxml2 and libcurl (and libc) are needed at run time; the HTML templates
# are compiled in. DESTDIR is honoured for packaging.
#
# The release build goes to its own scratch folder (.build-static) so it never disturbs `swift build` and
# `swift test` in .build.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
SCRATCH ?= .build-static

BINDIR := $(DESTDIR)$(PREFIX)/bin
MANDIR := $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

BINARY := $(SCRATCH)/dist/fleet-audit
MANPAGE := $(SCRATCH)/dist/fleet-audit.1
COMPLETIONS := $(SCRATCH)/dist/completions

.PHONY: all prerequisites build manual completions install uninstall clean

all: build manual completions

PKG_CONFIG ?= pkg-config

# What the build needs, checked before it starts (a release build takes minutes, and without libcurl's
# development package it used to fail only at the link): a Swift 6 toolchain, pkg-config, and the pkg-config
# modules of the system libraries the package links (sqlite3, libxml-2.0; Foundation's networking, linked in
# statically, needs libcurl). Each missing one is named with the Debian/Ubuntu package that provides it.
prerequisites:
	@missing=""; packages=""; \
	if ! command -v $(SWIFT) >/dev/null 2>&1; then \
	  missing="$$missing\n  $(SWIFT): no Swift toolchain on PATH (Swift 6: https://www.swift.org/install/)"; \
	elif ! $(SWIFT) --version 2>/dev/null | grep -Eq 'Swift version ([6-9]|[1-9][0-9])\.'; then \
	  missing="$$missing\n  $(SWIFT): $$($(SWIFT) --version 2>/dev/null | head -n 1); FleetAudit needs Swift 6 or later"; \
	fi; \
	if [ "$$(uname -s)" != Darwin ]; then \
	  if ! command -v $(PKG_CONFIG) >/dev/null 2>&1; then \
	    missing="$$missing\n  $(PKG_CONFIG): not found (package pkg-config); the libraries are checked with it"; \
	    packages="$$packages pkg-config"; \
	  else \
	    for pair in sqlite3:libsqlite3-dev libxml-2.0:libxml2-dev libcurl:libcurl4-openssl-dev; do \
	      module=$${pair%%:*}; package=$${pair#*:}; \
	      if ! $(PKG_CONFIG) --exists $$module; then \
	        missing="$$missing\n  pkg-config module $$module: not found (package $$package)"; \
	        packages="$$packages $$package"; \
	      fi; \
	    done; \
	  fi; \
	fi; \
	if [ -n "$$missing" ]; then \
	  printf "make: the build needs what is missing here:$$missing\n" >&2; \
	  if [ -n "$$packages" ]; then \
	    printf "install it with:  apt-get install -y$$packages   (not root: sudo apt-get install -y$$packages)\n" >&2; \
	  fi; \
	  exit 1; \
	fi

# SwiftPM keeps its build plan (release.yaml) across builds and does not notice --static-swift-stdlib, and
# swift-argument-parser's generate-manual plugin builds the package again in release mode without it. So the
# static build starts from no plan and no binary, its result is checked (no libswiftCore) and copied out of
# SwiftPM's folder before the plugin runs.
build: prerequisites
	rm -f $(SCRATCH)/release.yaml $(SCRATCH)/release/fleet-audit
	$(SWIFT) build --scratch-path $(SCRATCH) -c release --static-swift-stdlib --product fleet-audit
	@if ldd $(SCRATCH)/release/fleet-audit | grep -q libswiftCore; then \
	  echo "make: $(SCRATCH)/release/fleet-audit still needs libswiftCore.so: the static link did not happen" >&2; exit 1; fi
	mkdir -p $(SCRATCH)/dist
	cp $(SCRATCH)/release/fleet-audit $(BINARY)

manual: build
	$(SWIFT) package --scratch-path $(SCRATCH) generate-manual --configuration release
	cp "$$(find $(SCRATCH)/plugins -name fleet-audit.1 -path '*GenerateManual*' | head -n 1)" $(MANPAGE)

completions: build
	mkdir -p $(COMPLETIONS)
	$(BINARY) --generate-completion-script bash > $(COMPLETIONS)/fleet-audit.bash
	$(BINARY) --generate-completion-script zsh > $(COMPLETIONS)/_fleet-audit
	$(BINARY) --generate-completion-script fish > $(COMPLETIONS)/fleet-audit.fish

install: all
	install -d $(BINDIR) $(MANDIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	install -m 755 $(BINARY) $(BINDIR)/fleet-audit
	install -m 644 $(MANPAGE) $(MANDIR)/fleet-audit.1
	install -m 644 $(COMPLETIONS)/fleet-audit.bash $(BASHDIR)/fleet-audit
	install -m 644 $(COMPLETIONS)/_fleet-audit $(ZSHDIR)/_fleet-audit
	install -m 644 $(COMPLETIONS)/fleet-audit.fish $(FISHDIR)/fleet-audit.fish

uninstall:
	rm -f $(BINDIR)/fleet-audit $(MANDIR)/fleet-audit.1 $(BASHDIR)/fleet-audit $(ZSHDIR)/_fleet-audit $(FISHDIR)/fleet-audit.fish

clean:
	rm -rf $(SCRATCH)
