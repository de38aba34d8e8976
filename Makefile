# Two commands matter: `make demo` (set up and run one research job on the embedded default)
# and `make test` (the test suite; CI runs exactly this). `make run` serves the web app with a
# worker and beat and prints a login. See README.md.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell sha1sum requirements.txt | cut -c1-12)
PORT ?= 8000
QUESTION ?= Compare the battery suppliers of the five largest electric car makers
PYTEST_ARGS ?=

.PHONY: install migrate demo test run bench clean

$(STAMP): requirements.txt
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
	@rm -f $(VENV)/.installed-* && touch $(STAMP)

install: $(STAMP)

migrate: install
	$(BIN)/python manage.py migrate --noinput -v 0

demo: migrate
	$(BIN)/python manage.py load_demo_corpus
	$(BIN)/python manage.py research "$(QUESTION)" --spawn-worker

run: migrate
	$(BIN)/python manage.py serve --port $(PORT)

test: install
	@if [ -z "$$DATABASE_URL" ]; then echo "DATABASE_URL is not set: testing on SQLite (var/test.sqlite3); tests marked 'postgres' are skipped by name."; fi
	@if [ -z "$$REDIS_URL" ]; then echo "REDIS_URL is not set: testing on the embedded Redis (var/redis.sock)."; fi
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: migrate
	$(BIN)/python manage.py bench all

clean:
	rm -rf var
