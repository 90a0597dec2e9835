# Number Duels. `make serve` builds and serves the site; `make test` runs every test.
# Every target installs what a fresh machine lacks (a virtual environment, npm packages,
# Chromium, WebKit and Firefox through apt when running as root).
#
# The build (`make site`, which the Pages workflow runs to make the published artifact) installs
# only what it builds with: the npm `dependencies` of package.json, at the exact versions and
# hashes of package-lock.json. Its Python is the standard library alone (tests/test_build_set.py
# checks every import), so it runs on $(PYTHON) and installs nothing from PyPI. The test tools
# (the `test` extra of pyproject.toml, npm `devDependencies`) come with the targets that test.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# The import path, set here once (no script edits sys.path): the rules (py_rules, at the top)
# and the front end (site/app: the package `app`, as on the pages). A script's own folder
# (scripts/build/, bench/...) comes first by itself. The build runs on the bare $(PYTHON) with
# this PYTHONPATH; the local server's command (scripts/serve/) also imports the build's
# offline.py (the pages' security policy). In the virtual environment py_rules is installed
# (editable) and a .pth file adds site/ and the folders of scripts/ (SCRIPT_DIRS) for bench/;
# pytest reads `pythonpath` in pyproject.toml.
IMPORT_PATH := $(CURDIR):$(CURDIR)/site
SCRIPT_DIRS := build data serve browsers
HOST ?= 127.0.0.1
PORT ?= 8000
RUN_RULES := $(PY) -m pytest tests
RUN_PYODIDE := node tests/pyodide/run.mjs

.PHONY: help deps chromium engines java browsers serve site test test-rules test-pyodide test-e2e test-engines test-checkers lint format bench audit play clean messages language catalogues

help:
	@echo "make serve   build the site and serve it on http://$(HOST):$(PORT)/"
	@echo "make test    run every test (lint, rules, rules on Pyodide, browser end to end in"
	@echo "             Chromium, a smoke suite in WebKit and Firefox)"
	@echo "make site    build _site/ (static files, ready for any web host)"
	@echo "make bench   run the benchmarks"
	@echo "make audit   Lighthouse's accessibility, best practices and SEO on every page"
	@echo "make play    play in the terminal"

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

$(VENV)/.paths: $(VENV)/.installed Makefile
	printf '%s\n' $(CURDIR)/site $(addprefix $(CURDIR)/scripts/,$(SCRIPT_DIRS)) \
		> "$$($(PY) -c 'import sysconfig; print(sysconfig.get_path("purelib"))')/number_duels_paths.pth"
	touch $@

# The build's npm packages only; a full install (below) counts as one too.
node_modules/.build-installed: package.json package-lock.json
	npm ci --omit=dev --no-audit --no-fund --silent
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --silent
	touch $@ node_modules/.build-installed

# Each may need apt, which takes one install at a time: under `make -j` (`make test`) they
# install one after the other, Chromium first, whose suite is the longest (AFTER_CHROMIUM and
# AFTER_JAVA order them there; alone, each installs at once).
chromium:
	@bash scripts/browsers/ensure-chromium.sh

# Java, for the Nu Html Checker (vnu.jar, an npm devDependency).
java: | $(AFTER_CHROMIUM)
	@bash scripts/browsers/ensure-java.sh

engines: | $(AFTER_JAVA)
	@bash scripts/browsers/ensure-engines.sh

browsers: chromium java engines

deps: $(VENV)/.installed $(VENV)/.paths node_modules/.installed

# The build's npm packages; `make test`, which installs them all, names the full install here
# (NPM_FOR_SITE), so that two `npm ci` never run at once.
NPM_FOR_SITE ?= node_modules/.build-installed
site: $(NPM_FOR_SITE)
	PYTHONPATH=$(IMPORT_PATH) $(PYTHON) scripts/build/build_site.py

serve: site
	PYTHONPATH=$(CURDIR)/scripts/build $(PYTHON) scripts/serve/serve.py --host $(HOST) --port $(PORT)

play:
	$(PYTHON) -m py_rules play

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

format: $(VENV)/.installed
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

test-rules: deps catalogues
	$(RUN_RULES)

# Messages: extract every message into a template (.pot, under .build/) and merge it into each
# language's catalogue (.po, committed). Two domains: number_duels, the rules' and the boards'
# messages (py_rules and site/app; Babel, configured in pyproject.toml), and pages, the static
# pages' words (templates, rules pages, the build's sections, the pages' scripts: site/babel.cfg).
# Run after changing messages; then translate what is new or marked fuzzy.
# A new language: `make language NEW=fr` starts both of its catalogues (docs/languages.md).
POT := .build/number_duels.pot
PAGES_POT := .build/pages.pot
EXTRACT := $(VENV)/bin/pybabel extract --no-location --sort-output --width 100 \
	--project "Number Duels"

messages: $(VENV)/.installed $(VENV)/.paths
	mkdir -p .build
	$(EXTRACT) -F pyproject.toml -o $(POT) .
	$(VENV)/bin/pybabel update -D number_duels -i $(POT) -d py_rules/locale --width 100 \
		--ignore-obsolete
	$(EXTRACT) -F site/babel.cfg -o $(PAGES_POT) .
	$(VENV)/bin/pybabel update -D pages -i $(PAGES_POT) -d site/locale --width 100 \
		--ignore-obsolete

language: messages
	@test -n "$(NEW)" || { echo "say which: make language NEW=fr"; exit 2; }
	$(VENV)/bin/pybabel init -D number_duels -i $(POT) -d py_rules/locale -l $(NEW) --width 100
	$(VENV)/bin/pybabel init -D pages -i $(PAGES_POT) -d site/locale -l $(NEW) --width 100

# Compiled catalogues (.mo, not committed) beside the .po files, on the system Python alone.
catalogues:
	PYTHONPATH=$(IMPORT_PATH) $(PYTHON) scripts/build/catalogues.py

# Pure-Python wheels of pytest, Hypothesis and their dependencies for the Pyodide run, pinned in
# tests/pyodide/requirements.txt. The platform flags make pip pick wheels that fit Python 3.14
# on WebAssembly rather than this machine's CPython.
PYODIDE_WHEELS := .build/pyodide-wheels

$(PYODIDE_WHEELS)/.downloaded: tests/pyodide/requirements.txt $(VENV)/.installed
	rm -rf $(PYODIDE_WHEELS)
	$(PY) -m pip download --quiet --no-deps --only-binary=:all: --implementation py \
		--python-version 3.14 --abi none --platform any --dest $(PYODIDE_WHEELS) \
		-r tests/pyodide/requirements.txt
	touch $@

test-pyodide: deps $(PYODIDE_WHEELS)/.downloaded
	$(RUN_PYODIDE)

# Chromium's tests run in E2E_WORKERS processes, each with its own browser and server: a page
# spends much of its start waiting on its own fetches and timers, so two share two cores well.
E2E_WORKERS ?= 2
# --costs: each file's Python starts, CPU seconds, wall time and load average (e2e/suite_costs.py).
RUN_E2E := $(PY) -m pytest e2e --ignore=e2e/webkit_firefox --ignore=e2e/checkers -n $(E2E_WORKERS) --dist worksteal --durations=12 --costs
RUN_ENGINES := $(PY) -m pytest e2e/webkit_firefox
# The web's own checkers that need no browser (the Nu Html Checker): one JVM over every file.
RUN_CHECKERS := $(PY) -m pytest e2e/checkers -p no:xdist

test-e2e: deps site chromium
	$(RUN_E2E)

# The smoke suite in WebKit and Firefox: what a class does, once per engine.
test-engines: deps site engines
	$(RUN_ENGINES)

# The HTML, CSS and SVG of every built page, stylesheet and picture, by the Nu Html Checker.
test-checkers: deps site java
	$(RUN_CHECKERS)

# Every step starts as soon as what it needs is there, all in one `make -j6`, installs too: the
# virtual environment, npm's packages and the browsers' apt installs side by side (apt one
# install at a time, Chromium's first), the site built once npm's packages are there, the
# Pyodide run's wheels fetched beside them; Chromium's e2e (the critical path) and the
# WebKit/Firefox smoke suite once the site is built and their browser installed, without
# waiting for lint, the checkers or the other browsers; the rules suites once the catalogues
# are compiled. A browser test spends about half its time waiting on its page (timers,
# fetches), which leaves a core idle that the rules suites (CPU only) fill. Each step's output
# is printed whole when it ends (--output-sync), and make fails if any one fails. Six jobs:
# every suite can run at once, none waits for a slot. The build's zips are gzipped by gzip,
# not zopfli (ND_COMPRESS=gzip: the same format, and no 30 s of zopfli on a clean clone before
# the first browser test); `make site`, which deploys, keeps zopfli's.
test:
	ND_COMPRESS=gzip $(MAKE) --no-print-directory -j6 --output-sync=target NPM_FOR_SITE=node_modules/.installed \
		AFTER_CHROMIUM=chromium AFTER_JAVA=java \
		suite-e2e suite-engines suite-rules suite-pyodide suite-checkers suite-lint

# The suites of `test`, each with what it needs of the same run. Chromium's suite is the
# longest and the browser suites wait on their pages' timers and fetches, while the rules
# suites, lint and the checkers only compute: those run at a lower priority (`nice`), on the
# CPU time the browsers leave.
BEHIND_BROWSERS := nice -n 10
.PHONY: suite-rules suite-pyodide suite-e2e suite-engines suite-checkers suite-lint
suite-checkers: $(VENV)/.paths node_modules/.installed site java
	$(BEHIND_BROWSERS) $(RUN_CHECKERS)
suite-lint: $(VENV)/.installed
	$(BEHIND_BROWSERS) $(MAKE) --no-print-directory lint
suite-rules: $(VENV)/.paths node_modules/.installed catalogues
	$(BEHIND_BROWSERS) $(RUN_RULES)
suite-pyodide: node_modules/.installed $(PYODIDE_WHEELS)/.downloaded catalogues
	$(BEHIND_BROWSERS) $(RUN_PYODIDE)
suite-e2e: $(VENV)/.paths node_modules/.installed site chromium
	$(RUN_E2E)
suite-engines: $(VENV)/.paths site engines
	$(RUN_ENGINES)

# Lighthouse's performance audit (bench/page_lighthouse.py) runs from audit/'s own npm install.
bench: deps site chromium engines audit/node_modules/.installed
	$(PY) bench/run.py

# Lighthouse (accessibility, best practices, SEO) on every built page, printing each score;
# its own pinned npm install (audit/package-lock.json), which neither the build nor the tests
# need. `make audit AUDIT_ARGS="--lang en"` passes options to audit/lighthouse.py.
audit/node_modules/.installed: audit/package.json audit/package-lock.json
	cd audit && npm ci --no-audit --no-fund --silent
	touch $@

audit: deps site chromium audit/node_modules/.installed
	$(PY) audit/lighthouse.py $(AUDIT_ARGS)

clean:
	rm -rf _site .build
