"""The code's shape: no import cycles between the generator's modules, and no function that needs
more than five collaborators passed in."""
import ast
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "generator"


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Modules of the package this file imports at run time (not under `if TYPE_CHECKING:`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = _module(path) if path.name == "__init__.py" else _module(path).rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            node.body = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            target = f"{base}.{node.module}" if node.module else base
            names = [f"{target}.{a.name}" for a in node.names]
            found |= {n for n in names if (PACKAGE.parent / (n.replace(".", "/") + ".py")).exists()} or {target}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("generator"):
            found.add(node.module)
    return found


def test_no_import_cycles():
    graph = {_module(p): _imports(p) for p in PACKAGE.rglob("*.py")}
    cycles = []

    def visit(module, path):
        for target in sorted(graph.get(module, ())):
            if target in path:
                cycles.append(path[path.index(target):] + [target])
            elif target in graph and target not in done:
                visit(target, path + [target])
        done.add(module)
    done: set[str] = set()
    for module in sorted(graph):
        if module not in done:
            visit(module, [module])
    assert cycles == []


def test_no_function_takes_more_than_five_collaborators():
    crowded = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                names = [a.arg for a in node.args.posonlyargs + node.args.args + node.args.kwonlyargs]
                names = [n for n in names if n not in ("self", "cls")]
                if len(names) > 5:
                    crowded.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}({', '.join(names)})")
    assert crowded == []
