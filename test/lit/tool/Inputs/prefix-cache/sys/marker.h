#pragma once
#define PREFIX_MARKER 1
