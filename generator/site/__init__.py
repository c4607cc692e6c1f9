"""The site: the site model the pages share, every page's address, rules rendered with links and
term marks, one builder per page kind (pages/), the data scripts the browser reads, the search
data and the readers' words, the installable offline app, the build folder with its MkDocs
configuration, and the thin MkDocs plugin.

Input: the corpus (history/) and the translators' files (translation/). Output: build/docs and
build/mkdocs.yml, which MkDocs, ProperDocs and Zensical build."""
