#pragma once
// Wording the rules share when they quote the design in a finding: rectText, in the model's
// Wording.h, which the edits' refusals quote too.

#include "../Wording.h"
