# Lowering tests (codegen.lower.*).
