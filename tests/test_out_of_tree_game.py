"""docs/adding-a-game.md, proven: its files (every block marked `# file:`) make a game package outside
src/ in a temporary folder, registered through an entry point, and the conformance kit, a bot, the
CLI (`parlor play`, `parlor simulate`) and the server all work on it without any change to parlor."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "adding-a-game.md"
PARLOR = Path(sys.executable).parent / "parlor"

pytestmark = pytest.mark.timeout(600)


def guide_files() -> dict[str, str]:
    """Each fenced block of the guide whose first line is `# file: PATH`: PATH -> the rest."""
    files = {}
    for block in re.findall(r"^```[a-z]*\n(.*?)^```", GUIDE.read_text(encoding="utf-8"), re.S | re.M):
        first, _, rest = block.partition("\n")
        marked = re.fullmatch(r"# file: (\S+)", first)
        if marked:
            files[marked.group(1)] = rest
    return files


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("site")
    for path, text in guide_files().items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_text(text, encoding="utf-8")
    return folder


def run(site: Path, *command: str, stdin: str | None = None, timeout: float = 300,
        **env: str) -> subprocess.CompletedProcess[str]:
    """`command` in parlor's environment with the temporary folder on the path (nothing installed)."""
    paths = [str(site), *filter(None, [os.environ.get("PYTHONPATH")])]
    done = subprocess.run(command, cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, "PYTHONPATH": os.pathsep.join(paths), **env})
    assert done.returncode == 0, f"{' '.join(command)} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


def test_the_guide_holds_a_whole_package() -> None:
    files = guide_files()
    package = {"no_thanks/__init__.py", "no_thanks/game.py", "no_thanks-1.0.dist-info/entry_points.txt"}
    assert package <= set(files)
    assert {f"no_thanks/text/{lang}.toml" for lang in ("en", "zh_TW", "es")} <= set(files)


def test_the_registry_finds_it_and_reads_what_it_declares(site: Path) -> None:
    probe = ("import json; from parlor.core import all_games, get_game; game = get_game('no_thanks');"
             "print(json.dumps({'ids': [g.id for g in all_games()], 'module': type(game).__module__,"
             "'live': game.live_score.to_json(), 'depth': game.bot_settings.depth}))")
    found = json.loads(run(site, sys.executable, "-c", probe).stdout)
    assert "no_thanks" in found["ids"] and not found["module"].startswith("parlor.")
    assert found["live"] == {"score": "points", "parts": None, "listed": False, "entries": "players",
                             "label": None} and found["depth"] == 10


def test_the_conformance_kit_passes(site: Path) -> None:
    out = run(site, sys.executable, "-m", "pytest", "tests/core/test_conformance.py", "-k", "no_thanks",
              "-o", "addopts=", "-q", "-p", "no:randomly", "-p", "no:cacheprovider",
              PARLOR_KIT_GAMES="20").stdout
    passed = re.search(r"(\d+) passed", out)
    assert passed and int(passed.group(1)) >= 26, out[-2000:]  # 5 checks x 5 player counts, and the text


def test_the_cli_plays_and_simulates_it_with_bots(site: Path, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    played = run(site, str(PARLOR), "play", "no_thanks", "--players", "3", "--bot", "hard", "--seed", "1",
                 "--record", str(record), stdin="1\n" * 400).stdout
    assert "Final result" in played, played[-2000:]
    saved = json.loads(record.read_text(encoding="utf-8"))
    assert saved["game"] == "no_thanks" and len(saved["moves"]) > 20
    studied = run(site, str(PARLOR), "simulate", "no_thanks", "-n", "2", "--players", "3",
                  "--bots", "easy,hard", "--workers", "1").stdout
    assert "2 games" in studied, studied[-2000:]


SERVER = """
import json, sys, tempfile
from pathlib import Path
from fastapi.testclient import TestClient
from parlor.server.app import create_app
from parlor.server.settings import Settings

settings = Settings(data_dir=Path(tempfile.mkdtemp()), bot_delay=0.0, bot_seconds=0.5)
with TestClient(create_app(settings)) as client:
    games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    listed = list(games)
    described = games["no_thanks"]["descriptions"]
    tools = [client.post("/api/tools/no_thanks/score", json={}).status_code,
             client.get("/api/tools/no_thanks/sheet").status_code,
             client.post("/api/tools/opera/score", json={}).status_code]
    live = client.get("/api/games/no_thanks/data").json()["live_score"]
    made = client.post("/api/tables", json={"game": "no_thanks", "players": 3,
                                            "seats": [{"kind": "open"}, {"kind": "bot", "level": "hard"},
                                                      {"kind": "bot", "level": "easy"}]})
    table = made.json()["id"]
    token = client.post(f"/api/tables/{table}/seats/0/join", json={"name": "Ada"}).json()["token"]
    with client.websocket_connect(f"/ws/tables/{table}") as socket:
        socket.send_text(json.dumps({"token": token}))
        state = socket.receive_json()
        while state.get("type") != "state":
            state = socket.receive_json()
        first = state["legal"][-1]["move"]  # no thanks: the next seat, a bot, decides
        socket.send_text(json.dumps({"move": first, "index": state["index"]}))
        log = list(state["log"])  # each state message brings the entries new since the last
        for _ in range(200):  # until a bot has answered the move
            message = socket.receive_json()
            if message.get("type") == "error":
                sys.exit(f"refused: {message}")
            if message.get("type") == "state":
                log.extend(message["log"])
                if message["index"] >= 2:
                    break
    print(json.dumps({"listed": listed, "described": described, "tools": tools,
                      "live": live, "status": made.status_code, "move": first,
                      "log": log, "players": message["view"]["players"]}))
"""


def test_the_server_opens_a_table_and_plays_a_move_over_the_api(site: Path) -> None:
    answer = json.loads(run(site, sys.executable, "-c", SERVER, timeout=120).stdout)
    assert "no_thanks" in answer["listed"] and answer["status"] == 201
    # no [ui] description: every language reads `description`; no score pad or sheet: no tools routes
    # (only the client's page, GET, has the pad's path: 405; an unknown game's sheet is refused: 422),
    # while the packaged games' pads still answer (422: no facts)
    assert set(answer["described"].values()) == {"Take the card and its chips, or pay a chip to pass it on; "
                                                  "the fewest points win."}
    assert answer["tools"] == [405, 422, 422]
    assert answer["live"] == {"score": "points", "parts": None, "listed": False, "entries": "players",
                              "label": None}
    assert answer["move"] == {"kind": "pass"}
    assert [(entry["seat"], entry["kind"]) for entry in answer["log"]][:2] in ([(0, "passed"), (1, "passed")],
                                                                             [(0, "passed"), (1, "took")])
    assert answer["players"][0]["chips"] == 10  # NT-3: the chip seat 0 paid
