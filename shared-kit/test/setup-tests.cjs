// Loaded after the test framework: jest-dom matchers for every frontend test.
require('@testing-library/jest-dom');
