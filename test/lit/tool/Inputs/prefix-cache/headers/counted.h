#pragma once
#include <counted.h>
