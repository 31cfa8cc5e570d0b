#pragma once
extern int counter;
