# Quick start:  make demo   (set up .venv and run a short analysis)
#               make test   (set up .venv and run the whole suite)
#               make docs   (set up .venv and build the documentation site into site/)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: setup demo test lint docs bench clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[all,dev]'
	touch $(STAMP)

demo: setup
	@bash examples/demo.sh $(BIN)/grundy

lint: setup
	$(BIN)/ruff check --no-cache src tests benchmarks examples tools

# strict: a broken link, a failing example or a docstring the reference cannot read fails the build
docs: setup
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --site-dir site

test: lint
	$(BIN)/python -m pytest -n auto --dist loadfile

bench: setup
	$(BIN)/python benchmarks/engine.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis site
