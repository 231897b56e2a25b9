"""sweep.build_commit: the commit a build is labelled with is read at every build, not at
configure time. Before, `git pull && ninja` kept the commit of the last configure, so new results
carried an old commit (and --resume compared the wrong one).

Runs cmake/write_git_commit.cmake (what the build runs) on a scratch git repository: the header
names HEAD, is not rewritten while HEAD stays (nothing recompiles), follows a new commit, and says
"unknown" outside a checkout. Then the built aotbench's --version names the source tree's HEAD.

usage: sweep_build_commit_test.py AOTBENCH SOURCE_DIR WORKDIR
"""
import os
import pathlib
import shutil
import subprocess
import sys

from sweep_cli import fail

aotbench, source, work = (pathlib.Path(a) for a in sys.argv[1:4])
script = source / "cmake" / "write_git_commit.cmake"
shutil.rmtree(work, ignore_errors=True)
repo = work / "repo"
repo.mkdir(parents=True)
header = work / "commit.h"
git_env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@t")


def git(*args, cwd=repo):
    return subprocess.run(["git", *args], cwd=cwd, env=git_env, check=True, capture_output=True,
                          text=True).stdout.strip()


def commit(text):
    (repo / "f.txt").write_text(text)
    git("add", "f.txt")
    git("commit", "-q", "-m", text)
    return git("rev-parse", "--short=12", "HEAD")


def stamp(source_dir):
    # The scratch folder lies inside the build tree, often inside a checkout: git must not look above it.
    env = dict(os.environ, GIT_CEILING_DIRECTORIES=str(work))
    subprocess.run(["cmake", f"-DSOURCE_DIR={source_dir}", f"-DOUT={header}", "-DGIT=git", "-P", str(script)],
                   check=True, capture_output=True, env=env)
    return header.read_text()


git("init", "-q")
first = commit("one")
if f'"{first}"' not in stamp(repo):
    fail(f"the header does not name HEAD {first}: {header.read_text()!r}")

os.utime(header, ns=(1_000_000_000, 1_000_000_000))
stamp(repo)
if header.stat().st_mtime_ns != 1_000_000_000:
    fail("the header was rewritten although HEAD did not move: every build would recompile")

second = commit("two")
if f'"{second}"' not in stamp(repo) or first == second:
    fail(f"after a new commit the header does not name it ({second}): {header.read_text()!r}")

plain = work / "not_a_checkout"
plain.mkdir()
if '"unknown"' not in stamp(plain):
    fail(f"outside a checkout the header should say unknown: {header.read_text()!r}")

head = git("rev-parse", "--short=12", "HEAD", cwd=source)
version = subprocess.run([str(aotbench), "--version"], check=True, capture_output=True, text=True).stdout
if f"(commit {head})" not in version:
    fail(f"aotbench --version does not name the source tree's HEAD {head} (build before testing): {version!r}")
print("ok: the commit is read at build time")
