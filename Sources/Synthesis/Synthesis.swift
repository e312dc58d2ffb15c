// Synthesis: decant synth (issue 3).
