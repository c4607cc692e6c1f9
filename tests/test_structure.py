"""The code's shape: the generator's packages are the pipeline's stages and no module imports from
a later stage, no import cycles between the generator's modules, and no function that needs more
than five collaborators passed in."""
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


def _stage(module: str) -> int | None:
    """A module's place in the pipeline: its stage's index (generator.STAGES), -1 for the modules
    every stage shares, None for the command line on top."""
    from generator import SHARED, STAGES
    parts = module.split(".")
    if len(parts) > 1 and parts[1] in STAGES:
        return STAGES.index(parts[1])
    return -1 if len(parts) == 2 and parts[1] in SHARED else None


def later_stage_imports(graph: dict[str, set[str]]) -> list[str]:
    """'a -> b' for each module a that imports b of a later stage than its own (a shared module
    may import only shared ones)."""
    return sorted(f"{module} -> {target}" for module, targets in graph.items() for target in targets
                  if _stage(module) is not None and (_stage(target) is None or _stage(target) > _stage(module)))


def test_no_module_imports_from_a_later_stage():
    from generator import SHARED, STAGES
    graph = {_module(p): _imports(p) for p in PACKAGE.rglob("*.py")}
    assert later_stage_imports(graph) == []
    # every module is in a stage, shared, or the command line; every stage is a package with its job said
    top = {m for m in graph if _stage(m) is None}
    assert top == {"generator", "generator.cli", "generator.__main__"}, top
    for stage in STAGES:
        doc = ast.get_docstring(ast.parse((PACKAGE / stage / "__init__.py").read_text(encoding="utf-8")))
        assert doc and "Input:" in doc and "Output:" in doc, stage
    assert all((PACKAGE / f"{name}.py").exists() for name in SHARED)
    # the check itself: an earlier stage reaching a later one, or a shared module reaching a stage, is found
    made_up = {"generator.rules.model": {"generator.site.render"}, "generator.site.render": {"generator.rules.model"},
               "generator.safe": {"generator.history.lineage"}, "generator.cli": {"generator.site.generate"}}
    assert later_stage_imports(made_up) == ["generator.rules.model -> generator.site.render",
                                            "generator.safe -> generator.history.lineage"]


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
