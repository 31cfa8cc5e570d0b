#pragma once
#define volatile
