/* A firmware that boots and never answers: for the tests of the host's timeouts and clean-up. */
void ab_main(void) {
  for (;;) {
  }
}
