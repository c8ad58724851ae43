# Shortcuts for the scripts in scripts/ (the scripts are the reference; CI runs scripts/test.sh).
.PHONY: help lab test build serve clean

help:
	@echo "make lab     run the lessons live in JupyterLab     (bash scripts/lab.sh)"
	@echo "make test    every check CI runs                     (bash scripts/test.sh)"
	@echo "make build   build the book + live site (_build/html) (bash scripts/build.sh)"
	@echo "make serve   serve _build/html on 127.0.0.1:8000    (bash scripts/serve.sh)"
	@echo "make clean   remove _build, _vendor and .cache"

lab:
	bash scripts/lab.sh

test:
	bash scripts/test.sh

build:
	bash scripts/build.sh

serve:
	bash scripts/serve.sh

clean:
	rm -rf _build _vendor .cache
