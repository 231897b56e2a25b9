/* Does not compile: the builder must report the compiler's message. */
int32_t ab_model_run(void) { return missing_symbol; }
