# Two commands matter: `make demo` (set up and run one research job on the embedded default)
# and `make test` (the test suite; CI runs exactly this). `make run` serves the web app with a
# worker and beat and prints a login. See README.md.
# Every process a target starts (the embedded Redis, workers, beat, web) stops when it ends;
# `make clean` also stops an embedded Redis still running from elsewhere before deleting var/.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip --disable-pip-version-check
# Stamps: the service's requirements, and the service's plus the test tools'.
RUN_HASH := $(shell cat requirements.txt requirements-nodeps.txt | sha1sum | cut -c1-12)
DEV_HASH := $(shell cat requirements.txt requirements-nodeps.txt requirements-dev.txt | sha1sum | cut -c1-12)
RUN_STAMP := $(VENV)/.installed-run-$(RUN_HASH)
DEV_STAMP := $(VENV)/.installed-dev-$(DEV_HASH)
PORT ?= 8000
QUESTION ?= Compare the battery suppliers of the five largest electric car makers
PYTEST_ARGS ?=

.PHONY: install install-dev migrate demo test lint run bench clean

$(VENV)/bin/python:
	@echo "== creating $(VENV) with $(PYTHON)"
	@$(PYTHON) -m venv $(VENV)

$(RUN_STAMP): requirements.txt requirements-nodeps.txt | $(VENV)/bin/python
	@echo "== installing the service's packages (requirements.txt; a first install downloads about 250 MB)"
	@start=$$(date +%s); $(PIP) install --progress-bar on -r requirements.txt && \
	  $(PIP) install --progress-bar on --no-deps -r requirements-nodeps.txt && \
	  echo "== installed in $$(( $$(date +%s) - start )) s"
	@rm -f $(VENV)/.installed-run-* && touch $@

$(DEV_STAMP): $(RUN_STAMP) requirements-dev.txt
	@echo "== installing the test tools (requirements-dev.txt)"
	@start=$$(date +%s); $(PIP) install --progress-bar on -r requirements-dev.txt && \
	  echo "== installed in $$(( $$(date +%s) - start )) s"
	@rm -f $(VENV)/.installed-dev-* && touch $@

install: $(RUN_STAMP)

install-dev: $(DEV_STAMP)

migrate: install
	$(BIN)/python manage.py migrate --noinput -v 0

demo: migrate
	$(BIN)/python manage.py load_demo_corpus
	$(BIN)/python manage.py research "$(QUESTION)" --spawn-worker

run: migrate
	$(BIN)/python manage.py serve --port $(PORT)

lint: install-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache

test: install-dev
	@if [ -z "$$DATABASE_URL" ]; then echo "DATABASE_URL is not set: testing on SQLite (var/test.sqlite3); tests marked 'postgres' are skipped by name."; fi
	@if [ -z "$$REDIS_URL" ]; then echo "REDIS_URL is not set: testing on the embedded Redis (var/redis.sock), started and stopped by the test session."; fi
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: migrate
	$(BIN)/python manage.py bench all

clean:
	@if [ -x $(BIN)/python ] && [ -d var ]; then $(BIN)/python -m research_project.embedded_redis stop var; fi
	rm -rf var
