# Quick start:  make site   (build the site from the embedded sources into site/)
#               make serve  (preview at http://127.0.0.1:8000, or PORT=8001 make serve; rebuilt when a source changes)
#               make test   (set up everything and run the whole test suite)
VENV   ?= .venv
PYTHON ?= python3
PY      = $(VENV)/bin/python
SOURCES ?=
PORT    ?= 8000

.PHONY: setup setup-test browser cat axe schemas site offline serve check test bench clean

# what building the site needs (as the Pages workflow installs it); the tests' packages on top
setup: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -e .
	touch $@

setup-test: $(VENV)/.installed-test

$(VENV)/.installed-test: $(VENV)/.installed
	$(VENV)/bin/pip install --quiet -e '.[test]'
	touch $@

# Browser tests drive Debian's Chromium through playwright (playwright's own download does not work here):
# its headless shell for the tests, the full browser for bench/;
# faketime runs a build with the clock set to another day (the reproducibility test).
browser:
	@{ command -v chromium && command -v chromium-headless-shell && command -v faketime; } >/dev/null 2>&1 || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium chromium-headless-shell fonts-noto-cjk faketime >/dev/null; }

# OmegaT, the CAT tool Debian packages (it brings a Java runtime): the tests run it headless on the
# work list, the translation memory and the termbase (tests/test_translators_round.py).
cat:
	@[ -f /usr/share/omegat/OmegaT.jar ] || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq omegat >/dev/null; }

# axe-core, from the npm registry, checks the pages' accessibility (tests/test_accessibility.py);
# npm comes with Node.js (Debian's npm package where the machine has neither).
axe: node_modules/.installed

node_modules/.installed: package.json package-lock.json
	@command -v npm >/dev/null 2>&1 || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq npm >/dev/null; }
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The XLIFF 1.2 schema (and the xml: namespace's, which it imports) that the translators' work list is
# validated against (tests/test_xliff.py): Debian packages them with Symfony's translation component.
SCHEMAS = .schemas/xliff-core-1.2-strict.xsd
schemas: $(SCHEMAS)

$(SCHEMAS):
	@mkdir -p .schemas/deb
	@cd .schemas/deb && { apt-get download php-symfony-translation >/dev/null 2>&1 || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); $$SUDO apt-get update -qq && apt-get download php-symfony-translation >/dev/null; }; }
	dpkg-deb -x .schemas/deb/php-symfony-translation_*.deb .schemas/deb/root
	cp .schemas/deb/root/usr/share/php/Symfony/Component/Translation/Resources/schemas/xliff-core-1.2-strict.xsd \
	   .schemas/deb/root/usr/share/php/Symfony/Component/Translation/Resources/schemas/xml.xsd .schemas/
	rm -rf .schemas/deb

check: setup
	$(PY) -m generator check --all $(foreach s,$(SOURCES),--source $(s))

site: setup
	$(PY) -m generator build $(foreach s,$(SOURCES),--source $(s))

offline: setup
	$(PY) -m generator build --offline $(foreach s,$(SOURCES),--source $(s))

# The preview reads the manifest (docs_src/sources.yml): a source to preview goes there, not in SOURCES.
serve: setup
	@[ -z "$(SOURCES)" ] || { echo "make serve previews the sources of docs_src/sources.yml; add $(SOURCES) there (SOURCES is for site, offline and check)" >&2; exit 2; }
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs serve --livereload --dev-addr 127.0.0.1:$(PORT)

# three workers on the two cores (a browser test waits on its pages and worker as often as it
# computes: 4:00 against two workers' 4:33, 2026-11-29; four gave 3:52 and a race); a site that
# tests share is built once, by the first worker that needs it
# (conftest.made_once). Not --dist loadscope: with whole files on a worker, the offline app's tests
# run back to back in one browser, and Chromium twice never finished closing a phone whose
# service worker had removed itself (pytest-timeout ended it after five minutes)
# Bytecode is written even where the environment says not to: each worker would otherwise rewrite
# every test module's asserts, and each generator run in a process of its own compile the package.
test: setup-test browser cat axe schemas
	env -u PYTHONDONTWRITEBYTECODE $(PY) -m pytest -n 3

bench: setup-test browser
	$(VENV)/bin/pip install --quiet -e '.[test,bench]'
	$(PY) bench/run.py
	$(PY) bench/search_quality.py
	$(PY) bench/question_search.py
	$(PY) bench/phone_offline.py
	$(PY) bench/first_paint.py
	$(PY) bench/renderings_alignment.py

clean:
	rm -rf site site-offline site-offline.zip build build-offline .pytest_cache node_modules .schemas
