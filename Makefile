# Two commands set up a fresh machine: `make run` and `make test`. Both install what is missing.
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed

.PHONY: run test test-types test-ray lint bench clean system-deps shots

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q -U pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

# Debian packages: PostgreSQL and Redis for the server tests, Chromium for the browser tests.
# apt starts no services: the tests start their own, on loopback, in temporary directories.
# Chromium's old headless shell runs the browser tests at less than half the CPU of the full
# browser's headless mode; where it cannot be installed they run in the full browser.
SYSTEM_PACKAGES := chromium postgresql redis-server fonts-wqy-zenhei
system-deps:
	@dpkg -s $(SYSTEM_PACKAGES) >/dev/null 2>&1 || { apt-get update && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y $(SYSTEM_PACKAGES); }
	@dpkg -s chromium-headless-shell >/dev/null 2>&1 || { apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell; } >/dev/null 2>&1 || \
	  echo "chromium-headless-shell is not installed: the browser tests run in chromium (more CPU)"

run: $(STAMP)
	@echo "parlor: the online table is at http://127.0.0.1:8000 (Ctrl-C stops it)"
	$(BIN)/parlor serve --host 127.0.0.1 --port 8000

# The sources are compiled once, so that the many server and worker processes the tests start need not
# each compile them again. A machine may set PYTHONDONTWRITEBYTECODE, which stops imports writing
# compiled files, pytest's rewritten test modules among them: every pytest process (each xdist worker)
# would then rewrite all 170 test modules again (12 s of CPU each), so the tests write them.
# Ray binds the host's address, so its tests run in their own network namespace (loopback only); they
# run first, and their collection leaves the rewritten test modules for the two workers that follow.
# Steps that leave a core idle run in pairs: the Python packages beside the web client's (both mostly
# wait on downloads and disks), and the type check (one core) beside the Ray tests (about one core);
# --output-sync keeps each one's output together. The two test workers steal from each other's queues
# (--dist worksteal): the longest tests (browser games, the lab's statistics) then do not leave one
# worker alone at the end.
test: system-deps
	$(MAKE) -j 2 --output-sync=target $(STAMP) $(WEB_STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/python -m compileall -q src tests > /dev/null
	$(MAKE) -j 2 --output-sync=target test-types test-ray
	PYTHONDONTWRITEBYTECODE= $(BIN)/pytest -m "not ray" -n 2 --dist worksteal
	PYTHONDONTWRITEBYTECODE= $(BIN)/pytest --doctest-modules src/parlor/core src/parlor/cli/online_table.py -p no:randomly

test-types: $(STAMP)
	$(BIN)/mypy

test-ray: $(STAMP)
	unshare -n sh -c 'ip link set lo up && RAY_AUTH_MODE=disabled RAY_USAGE_STATS_ENABLED=0 PYTHONDONTWRITEBYTECODE= exec $(BIN)/pytest -m ray'

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python bench/run.py
	$(BIN)/python bench/simulation.py

clean:
	rm -rf $(VENV) build src/*.egg-info

# The browser client (web/): installed from its lock file, built into the server's static folder
# whenever the build is missing or older than the sources or the lock.
WEB_STAMP := src/parlor/server/static/.built
WEB_SRC   := $(shell find web/src web/public -type f 2>/dev/null) web/index.html web/package.json \
             web/vite.config.ts web/tsconfig.json web/tsconfig.app.json web/tsconfig.node.json \
             web/tsconfig.worker.json

.PHONY: web
web: $(WEB_STAMP)

web/node_modules/.package-lock.json: web/package-lock.json
	cd web && npm ci --no-audit --no-fund

$(WEB_STAMP): web/node_modules/.package-lock.json $(WEB_SRC)
	cd web && npm run build
	touch $(WEB_STAMP)

run: $(WEB_STAMP)

# The browser tests again, keeping screenshots of every page they check for a person to look at
# (desktop and phone, three languages) in test-artifacts/e2e/; `make test` takes none.
shots: system-deps $(STAMP) $(WEB_STAMP)
	PARLOR_E2E_SHOTS=1 $(BIN)/pytest tests/e2e -n 2 --dist worksteal
