# A 1.5 MB document: over the 1 MiB limit every reader of the CLI applies.
python3 -c "import sys; sys.stdout.write('{\"pad\": \"' + 'x' * 1500000 + '\"}')" > big.obone
